import { useEffect, useRef, useState } from 'react';

/**
 * A dialog shown only while open (mounted on open, removed on close), remembering the control that opened it: on
 * close, focus goes back to that control (the dialog's own return of focus needs it to stay mounted while it fades).
 */
export function useDialogOpener<T>() {
  const [open, setOpen] = useState<T | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const closing = useRef(false);
  useEffect(() => {
    if (open !== null || !closing.current) return;
    closing.current = false;
    opener.current?.focus();
  }, [open]);
  return {
    open,
    show(value: T, from: HTMLElement) {
      opener.current = from;
      setOpen(value);
    },
    close() {
      closing.current = true;
      setOpen(null);
    },
  };
}
