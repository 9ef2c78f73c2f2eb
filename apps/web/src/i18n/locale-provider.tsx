import {
  directionOf,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  setDateLocale,
  type UiLocale,
} from '@lyceum/contract/constants';
import { DirectionProvider, useDirection } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from './intl';
import type { Messages } from './catalogue';
import { loadMessages } from './load-messages';

interface LocaleContextValue {
  locale: UiLocale;
  /** Fetches the language's catalogue, then shows every page in it and keeps the choice (a cookie, a year). */
  setLocale(locale: UiLocale): Promise<void>;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

/** The page's language and the way to change it (the public header's language menu, My Account). */
export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale needs a LocaleProvider above it');
  return value;
}

/** `lang` and `dir` of the document, as the server rendered them for this language (docs/i18n.md), and its dates. */
export function applyDocumentLocale(locale: UiLocale): void {
  setDateLocale(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** Keeps Mantine's direction (its RTL styles and portals) in step with the language. */
function DirectionSync({ locale }: { locale: UiLocale }) {
  const { dir, setDirection } = useDirection();
  const wanted = directionOf(locale);
  useEffect(() => {
    if (dir !== wanted) setDirection(wanted);
    applyDocumentLocale(locale);
  }, [dir, wanted, setDirection, locale]);
  return null;
}

export interface LocaleProviderProps {
  /** The language the page was rendered in, with its catalogue already loaded (`loadMessages`). */
  locale: UiLocale;
  messages: Messages;
  children: ReactNode;
}

/**
 * The i18n provider (./intl.tsx, react-intl's API, ADR 052) and Mantine's direction around the app, in the browser and on the server. English
 * needs no catalogue: its text is each message's `defaultMessage`.
 */
export function LocaleProvider({ locale: initialLocale, messages: initialMessages, children }: LocaleProviderProps) {
  const [state, setState] = useState({ locale: initialLocale, messages: initialMessages });

  const setLocale = useCallback(async (locale: UiLocale) => {
    const messages = await loadMessages(locale);
    document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
    // Dates and numbers follow in the same render as the words.
    setDateLocale(locale);
    setState({ locale, messages });
  }, []);

  const context = useMemo(() => ({ locale: state.locale, setLocale }), [state.locale, setLocale]);

  return (
    <LocaleContext.Provider value={context}>
      <IntlProvider locale={state.locale} messages={state.messages}>
        <DirectionProvider initialDirection={directionOf(initialLocale)} detectDirection={false}>
          <DirectionSync locale={state.locale} />
          {children}
        </DirectionProvider>
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
