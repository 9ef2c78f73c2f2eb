import { directionOf, type Language } from '@lyceum/contract/constants';
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';

/**
 * The server's texts in the reader's language (issue 47, docs/i18n.md, ADR 052): e-mails and notifications are written
 * in the recipient's language, not the sender's. Each folder that writes text declares its English messages in a
 * `messages.ts` (`defineMessages`, read by `npm run i18n:extract`) and keeps its translations in `locales/<lang>.json`
 * beside it; `translator` joins the two. English is the source: its words are the `defaultMessage`s.
 */
export interface ServerMessage {
  id: string;
  defaultMessage: string;
  description?: string;
}

export function defineMessages<const D extends Record<string, ServerMessage>>(messages: D): D {
  return messages;
}

/** A folder's translations: language → id → ICU text (English needs none). */
export type Catalogues = Partial<Record<Exclude<Language, 'en'>, Record<string, string>>>;
export type Values = Record<string, PrimitiveType>;
export type Translate = (language: Language, message: ServerMessage, values?: Values) => string;

/** Formats a folder's messages in a language; a message missing from a catalogue falls back to English. */
export function translator(catalogues: Catalogues): Translate {
  const compiled = new Map<string, IntlMessageFormat>();
  return (language, message, values) => {
    const key = `${language}\u0000${message.id}`;
    let format = compiled.get(key);
    if (!format) {
      const text = (language === 'en' ? undefined : catalogues[language]?.[message.id]) ?? message.defaultMessage;
      format = new IntlMessageFormat(text, language, undefined, { ignoreTag: true });
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
}

let schoolLanguage: Language = 'en';

/** The school's language (DEFAULT_LANGUAGE, config.ts), set once by buildApp: for users who chose none. */
export function setDefaultLanguage(language: Language): void {
  schoolLanguage = language;
}

/** A user's language, or the school's when they chose none. */
export function languageOrDefault(language: Language | null | undefined): Language {
  return language ?? schoolLanguage;
}

/** `lang` and `dir` of a document (an e-mail) written in `language`. */
export function documentLanguage(language: Language): { lang: Language; dir: 'rtl' | 'ltr' } {
  return { lang: language, dir: directionOf(language) };
}
