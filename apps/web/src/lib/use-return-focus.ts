import { useEffect, useRef } from 'react';

/**
 * Gives focus back to the element that opened a dialog once the dialog closes (WCAG 2.4.3), for dialogs fetched
 * when first needed: Mantine's Modal returns focus only when it was mounted before it opened, and a lazily loaded
 * one mounts already open the first time. Put the returned ref on the button that opens the dialog.
 */
export function useReturnFocus<T extends HTMLElement>(opened: boolean) {
  const ref = useRef<T>(null);
  const wasOpened = useRef(false);
  useEffect(() => {
    if (opened) {
      wasOpened.current = true;
    } else if (wasOpened.current) {
      wasOpened.current = false;
      ref.current?.focus();
    }
  }, [opened]);
  return ref;
}
