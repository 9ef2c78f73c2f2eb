import type { MouseEvent } from 'react';

/**
 * A button that cannot act now but keeps the focus (issue 46.14): `disabled` (and Mantine's `loading`, which sets it)
 * takes focus away from a focused button in Chromium — after "Save Changes" or "Mark all read" it fell to `<body>`.
 * Spread on a Mantine Button instead of `disabled`/`loading`: it looks disabled (`data-disabled`), says so
 * (`aria-disabled`), and a click or Enter does nothing while it is.
 */
export function softDisabled(disabled: boolean) {
  if (!disabled) return {};
  return {
    'data-disabled': true,
    'aria-disabled': true,
    onClick: (event: MouseEvent) => event.preventDefault(),
  } as const;
}
