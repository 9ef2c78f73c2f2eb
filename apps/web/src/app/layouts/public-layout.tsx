import { AppShell } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { HEADER_HEIGHT, SiteHeader } from '../../components/site-header/site-header';
import { SiteFooter } from '../../components/site-footer/site-footer';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';

/** Header, content, footer: the frame of every public page (and of the role areas' login prompt). */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <SkipLink />
      <SiteHeader />
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </AppShell.Main>
      <SiteFooter />
    </AppShell>
  );
}

export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
