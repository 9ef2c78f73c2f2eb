import type { Role } from '@lyceum/contract';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** The id of the `<script type="application/json">` element that carries a server-rendered page's state. */
export const SSR_STATE_ELEMENT_ID = 'lyceum-ssr-state';

/** What a server-rendered page hands to the browser: the data it showed and the router's state. */
export interface SsrState {
  queries: DehydratedState;
  router: HydrationState;
  /**
   * Set on a role landing's shell (`/student`, `/teacher`, `/admin`): rendered for no one in particular, so the
   * browser hydrates it whoever is signed in, and fills in the user and the data after (ADR 014).
   */
  area?: Role;
}
