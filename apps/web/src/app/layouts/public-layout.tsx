import { Suspense, type CSSProperties, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { HEADER_HEIGHT, SiteHeader } from '@/components/site-header/site-header';
import { SiteFooter } from '@/components/site-footer/site-footer';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';
import classes from './public-layout.module.css';

const FRAME_STYLE = { '--site-header-height': `${HEADER_HEIGHT}px` } as CSSProperties;

/**
 * Header, content, footer: the frame of every public page (and of the role areas' login prompt). Plain elements,
 * not Mantine's AppShell: the public pages need no navbar, and AppShell brings its resize handles and
 * react-remove-scroll into every page's first download (ADR 013).
 * The boundaries never wait for anything in the browser (a page's code is loaded before it renders); they let React
 * hydrate a server-rendered page in parts, header first, instead of in one long task that blocks input.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div style={FRAME_STYLE}>
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Suspense>{children}</Suspense>
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
    </div>
  );
}

export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
