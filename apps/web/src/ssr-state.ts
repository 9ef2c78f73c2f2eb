import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** The id of the `<script type="application/json">` element that carries a server-rendered page's state. */
export const SSR_STATE_ELEMENT_ID = 'lyceum-ssr-state';

/** What a server-rendered page hands to the browser: the data it showed and the router's state. */
export interface SsrState {
  queries: DehydratedState;
  router: HydrationState;
}
