/** Input types a person types text into (a radio, checkbox or button is a choice, not typing). */
const TEXT_INPUTS = new Set(['', 'text', 'search', 'email', 'number', 'password', 'url', 'tel']);

/** Editable content (the rich-text editors), matched by attribute so it holds where `isContentEditable` is absent. */
const EDITABLE = '[contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]';

/**
 * Whether `element` is a field the user is typing in: a text input, a textarea or editable content. A combobox whose
 * list is closed holds a choice already made (a course picked from the filter), so the next step may take focus.
 */
export function isTextEntry(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.getAttribute('role') === 'combobox' && element.getAttribute('aria-expanded') !== 'true') return false;
  if (element instanceof HTMLTextAreaElement || element.closest(EDITABLE)) return true;
  return element instanceof HTMLInputElement && TEXT_INPUTS.has(element.getAttribute('type') ?? '');
}

/**
 * Moves focus to `target` unless the user is typing in another field: a panel that appears after a fetch (the
 * grading inbox under its course filter) must not take the caret from the field being typed in, which would close
 * that field's suggestions and drop its text.
 */
export function focusUnlessTyping(target: HTMLElement | null) {
  if (!target) return;
  const active = document.activeElement;
  if (active !== target && isTextEntry(active)) return;
  target.focus();
}
