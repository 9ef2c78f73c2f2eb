import { useState } from 'react';

/**
 * True from the first render in which `value` is true, for good. Lets a lazily loaded modal or form be fetched
 * when it is first needed and then stay mounted (so it can animate closed, and opens at once the next time).
 */
export function useHasBeenTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
