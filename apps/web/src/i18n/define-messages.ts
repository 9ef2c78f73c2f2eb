import type { MessageDescriptor } from './intl';

/**
 * A folder's messages (its `messages.ts`, docs/i18n.md): each `key: { id: '<prefix>.<name>', defaultMessage, description? }`
 * with literal strings, which `npm run i18n:extract` reads. react-intl's own `defineMessages` types a message's
 * values only when they are spelt out by hand beside it; these descriptors take the values their ICU text names.
 */
export function defineMessages<
  const D extends Record<string, MessageDescriptor & { id: string; defaultMessage: string }>,
>(messages: D): { readonly [K in keyof D]: MessageDescriptor } {
  return messages;
}
