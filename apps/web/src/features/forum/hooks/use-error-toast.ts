import { useEffect } from 'react';
import { notifyError } from '@/lib/notify';

/** Toasts a catalogue message once when a query fails (spec §8); the section shows its own error state too. */
export function useErrorToast(failed: boolean, message: string, id: string): void {
  useEffect(() => {
    if (failed) notifyError(message, id);
  }, [failed, message, id]);
}
