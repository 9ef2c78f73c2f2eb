import { useEffect } from 'react';
import { notifyError } from './notify';

/**
 * Toasts `message` (from the message catalogue) when a load fails, once per failure: the toast has an id, so a
 * second render or StrictMode's double effect shows no second copy.
 */
export function useErrorToast(failed: boolean, message: string, id: string): void {
  useEffect(() => {
    if (failed) notifyError(message, id);
  }, [failed, message, id]);
}
