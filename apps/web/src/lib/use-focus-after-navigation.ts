import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading (its data loading) before focus is left where it is. */
const HEADING_WAIT_MS = 5000;

/** Focus is nowhere a person put it: on the page itself, or on an element the last page removed. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement || !active.isConnected;
}

/** The new page's main heading: the first `h1` inside `main`. */
function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}

function focusHeading(heading: HTMLElement) {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * After the app moves to another page (logging in, creating a class, joining one, starting an attempt, a link),
 * focus goes to the new page's main heading once it shows, so a keyboard or screen-reader user starts reading there
 * instead of at `<body>` (issue 46.14, ADR 042). Only when focus was lost with the old page: a page that puts focus
 * somewhere itself, or a person who already moved it, keeps it. The first load is the browser's (the skip link).
 */
export function useFocusAfterNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let done = false;
    let observer: MutationObserver | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      done = true;
      observer?.disconnect();
      if (timer) clearTimeout(timer);
    };
    const attempt = () => {
      if (!focusIsLost()) return stop();
      const heading = mainHeading();
      if (!heading) return;
      stop();
      focusHeading(heading);
    };
    // The old page's focused element goes with it in this render: look once the new page has painted, then as it
    // fills in (a page shows its heading once its data has come).
    const frame = requestAnimationFrame(() => {
      attempt();
      if (done) return;
      observer = new MutationObserver(attempt);
      observer.observe(document.body, { childList: true, subtree: true });
      timer = setTimeout(stop, HEADING_WAIT_MS);
    });
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [pathname]);
}
