import type { ReactNode } from 'react';

/**
 * A wide table's frame that scrolls sideways on a narrow screen, the page itself staying as wide as the screen: a named
 * region in the tab order, so a keyboard can scroll it too (axe's scrollable-region-focusable).
 */
export function ScrollFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto', maxInlineSize: '100%' }}>
      {children}
    </div>
  );
}
