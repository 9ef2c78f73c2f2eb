import { useLayoutEffect, useRef } from 'react';

/**
 * The element that had focus when `opened` became true — the control that opened a dialog — for dialogs whose work
 * ends in another dialog (an edit modal followed by its success modal): by the time the second one closes, Mantine's
 * own return target is gone or is the page body. Read before the dialog's focus trap moves focus (a layout effect
 * runs before any effect of the dialog).
 */
export function useOpener(opened: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (opened && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [opened]);
  return opener;
}

/**
 * Focuses `element`, or, when a list re-rendered it in the meantime, the control now in its place (the same
 * accessible name in the same kind of element).
 */
export function focusOpener(element: HTMLElement | null | undefined): void {
  if (!element) return;
  if (element.isConnected) {
    element.focus();
    return;
  }
  const label = element.getAttribute('aria-label');
  if (!label) return;
  const twin = [...document.querySelectorAll<HTMLElement>(element.tagName)].find(
    (candidate) => candidate.getAttribute('aria-label') === label,
  );
  twin?.focus();
}
