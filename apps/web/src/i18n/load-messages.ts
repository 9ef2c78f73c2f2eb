import type { UiLocale } from '@lyceum/contract/constants';
import type { Messages } from './catalogue';

/**
 * The catalogue of a locale, fetched on demand: English is the messages' own default text (no request); each other
 * language is one lazily loaded chunk, so a page only ever downloads its own language (ADR 052).
 */
export async function loadMessages(locale: UiLocale): Promise<Messages> {
  switch (locale) {
    case 'en':
      return {};
    case 'es':
      return (await import('./catalogues/es')).default;
    case 'ar':
      return (await import('./catalogues/ar')).default;
    case 'en-XA':
      return (await import('./catalogues/en-XA')).default;
  }
}
