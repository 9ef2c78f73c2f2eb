import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

const PLAIN = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

/**
 * A form's controls, disabled until the page is hydrated. A server-rendered form shows at once but has no handlers
 * yet: what was typed would not reach the form's state, and sending it would submit natively, with the fields in the
 * address. Disabled, it takes input only once it can handle it (ADR 014).
 */
export function LiveFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} style={PLAIN}>
      {children}
    </fieldset>
  );
}
