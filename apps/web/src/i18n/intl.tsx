import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat, type FormatXMLElementFn, type PrimitiveType } from 'intl-messageformat';
import { createContext, Fragment, useContext, useMemo, type ReactNode } from 'react';

/**
 * The part of react-intl the app uses (ADR 052: `IntlProvider`, `useIntl().formatMessage`, `FormattedMessage`,
 * `MessageDescriptor`, same signatures), over intl-messageformat alone: react-intl's chunk was 22.8 KB gzip of the
 * public pages' 170 KB budget (ADR 013). In the build, messages arrive precompiled (vite.config.ts
 * `precompileMessages`: the defaultMessages of every messages.ts and every locales/*.json as ICU syntax trees), so
 * the ICU parser is not shipped to the browser at all.
 */
export type MessageText = string | MessageFormatElement[];

export interface MessageDescriptor {
  id?: string;
  defaultMessage?: MessageText;
  description?: string;
}

type PlainValues = Record<string, PrimitiveType | FormatXMLElementFn<string, string>>;
type RichValues = Record<string, PrimitiveType | ReactNode | FormatXMLElementFn<ReactNode, ReactNode>>;

export interface IntlShape {
  locale: string;
  formatMessage(descriptor: MessageDescriptor, values?: PlainValues): string;
  formatMessage(descriptor: MessageDescriptor, values?: RichValues): string | ReactNode[];
}

function createIntl(locale: string, messages: Record<string, MessageText>): IntlShape {
  const formats = new Map<MessageText, IntlMessageFormat>();
  const compiled = (message: MessageText, messageLocale: string) => {
    let format = formats.get(message);
    if (!format) {
      format = new IntlMessageFormat(message, messageLocale);
      formats.set(message, format);
    }
    return format;
  };
  const formatMessage = (descriptor: MessageDescriptor, values?: RichValues): string | ReactNode[] => {
    const { id, defaultMessage } = descriptor;
    const translated = id === undefined ? undefined : messages[id];
    if (translated !== undefined) {
      try {
        return compiled(translated, locale).format<ReactNode>(values) as string | ReactNode[];
      } catch (error) {
        console.error(`[i18n] message ${id} (${locale}) could not be formatted`, error);
      }
    }
    if (defaultMessage === undefined) return id ?? '';
    return compiled(defaultMessage, 'en').format<ReactNode>(values) as string | ReactNode[];
  };
  return { locale, formatMessage: formatMessage as IntlShape['formatMessage'] };
}

const IntlContext = createContext<IntlShape | null>(null);

export interface IntlProviderProps {
  locale: string;
  /** The language's catalogue (id → message); a message it lacks is shown in its English `defaultMessage`. */
  messages: Record<string, MessageText>;
  children: ReactNode;
}

export function IntlProvider({ locale, messages, children }: IntlProviderProps) {
  const intl = useMemo(() => createIntl(locale, messages), [locale, messages]);
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>;
}

export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl needs an IntlProvider (LocaleProvider) above it');
  return intl;
}

/** A message as React nodes: rich text tags become the elements `values` gives for them. */
export function FormattedMessage({ values, ...descriptor }: MessageDescriptor & { values?: RichValues }) {
  const formatted = useIntl().formatMessage(descriptor, values);
  if (typeof formatted === 'string') return <>{formatted}</>;
  return (
    <>
      {formatted.map((node, index) => (
        <Fragment key={index}>{node}</Fragment>
      ))}
    </>
  );
}
