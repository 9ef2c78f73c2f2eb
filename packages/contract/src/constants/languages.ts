/**
 * The languages Lyceum speaks (issue 47, docs/decisions/052-i18n-library.md). English is the source language: its
 * messages are written in the code, the others are translated catalogues. A language's text direction decides the
 * page's `dir`. The pseudo-locale (`en-XA`: accented, lengthened English) is for tests only: it is never offered to
 * people and never chosen from a browser's Accept-Language.
 */
export const LANGUAGES = ['en', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const PSEUDO_LOCALE = 'en-XA' as const;
/** A language the web app can render in: a real one, or the pseudo-locale of the tests. */
export type UiLocale = Language | typeof PSEUDO_LOCALE;

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself: what a language menu shows, whatever the page's language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', ar: 'العربية' };

/** The cookie that keeps a visitor's choice (a year); the server renders pages in it. */
export const LANGUAGE_COOKIE = 'lyceum-lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isUiLocale(value: unknown): value is UiLocale {
  return value === PSEUDO_LOCALE || isLanguage(value);
}

export function directionOf(locale: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}

/**
 * The first language of an Accept-Language header that Lyceum speaks, by the header's q-values (`es-MX` counts as
 * `es`); undefined when none is.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0]!, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map(({ base }) => base).find(isLanguage);
}

/** The language a cookie header keeps (`lyceum-lang=ar`), if it is one Lyceum speaks (or the pseudo-locale). */
export function localeFromCookieHeader(header: string | undefined): UiLocale | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LANGUAGE_COOKIE && isUiLocale(value)) return value;
  }
  return undefined;
}
