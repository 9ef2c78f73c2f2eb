import type { Role } from '@lyceum/contract';
import {
  AppShell,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftExpand, IconX } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { Suspense, type ReactNode } from 'react';
import { HEADER_HEIGHT, SiteHeader } from '@/components/site-header/site-header';
import { SiteFooter } from '@/components/site-footer/site-footer';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';
import { UserAvatar } from '@/components/user-avatar';
import { AREA_NAV, isAreaLinkActive } from '@/config/area-navigation';
import { selectProfileImage } from '@/lib/auth/auth-reducer';
import { useAuth } from '@/lib/auth/auth-context';
import { useHydrated } from '@/lib/use-hydrated';
import { useIntl } from '@/i18n/intl';
import { LogoutItem } from './logout-item';
import { areaLayoutMessages as m } from './messages';
import classes from './role-area-layout.module.css';

const NAVBAR_ID = 'area-navigation';

/**
 * The student, teacher and admin areas: header, a sidebar (a toggled panel on phones), content, footer. The server
 * renders it for a landing without a user (ADR 014): until hydrated, the user's card is a skeleton of its size.
 * A page of every signed-in user outside the areas (/notifications) passes itself as `children` to get the same
 * frame and sidebar; the areas' pages come through the router's outlet.
 */
export function RoleAreaLayout({ role, children }: { role: Role; children?: ReactNode }) {
  const [mobileOpened, mobileNav] = useDisclosure(false);
  const { pathname } = useLocation();
  const { state } = useAuth();
  const hydrated = useHydrated();
  const user = hydrated ? state.user : null;
  const intl = useIntl();
  const areaLabel = intl.formatMessage(m.area, { role });

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <SkipLink />
      <SiteHeader accountPending={!hydrated} />

      <AppShell.Navbar
        id={NAVBAR_ID}
        p="md"
        aria-label={areaLabel}
        className={classes.navbar}
        mod={{ 'mobile-hidden': !mobileOpened }}
      >
        <AppShell.Section hiddenFrom="sm">
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconX size={18} aria-hidden />}
            onClick={mobileNav.close}
            aria-controls={NAVBAR_ID}
          >
            {intl.formatMessage(m.closeMenu)}
          </Button>
        </AppShell.Section>
        {user ? (
          <AppShell.Section>
            <Group gap="sm" wrap="nowrap" p="xs">
              <UserAvatar image={selectProfileImage(state)} size={44} />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={700} truncate="end">
                  {user.firstname} {user.lastname}
                </Text>
                <Badge variant="light" size="sm" w="fit-content">
                  {intl.formatMessage(m.role, { role })}
                </Badge>
              </Stack>
            </Group>
          </AppShell.Section>
        ) : hydrated ? null : (
          <AppShell.Section aria-hidden>
            <Group gap="sm" wrap="nowrap" p="xs">
              <Skeleton circle height={44} />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton height={14} width="70%" radius="sm" />
                <Skeleton height={16} width={64} radius="xl" />
              </Stack>
            </Group>
          </AppShell.Section>
        )}

        <AppShell.Section grow component={ScrollArea} my="md">
          <Stack gap={4}>
            {AREA_NAV[role].map((item) => {
              const active = isAreaLinkActive(item, pathname);
              return (
                <NavLink
                  key={item.href}
                  component={Link}
                  to={item.href}
                  label={intl.formatMessage(item.label)}
                  leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  variant="light"
                  className={classes.link}
                  onClick={mobileNav.close}
                />
              );
            })}
          </Stack>
        </AppShell.Section>

        <AppShell.Section>
          <LogoutItem className={classes.link} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Button
          hiddenFrom="sm"
          variant="default"
          mb="lg"
          leftSection={<IconLayoutSidebarLeftExpand size={18} aria-hidden />}
          onClick={mobileNav.open}
          aria-expanded={mobileOpened}
          aria-controls={NAVBAR_ID}
        >
          {intl.formatMessage(m.menu, { role })}
        </Button>
        <Container size="xl" px={0}>
          <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
        </Container>
      </AppShell.Main>

      <SiteFooter />
    </AppShell>
  );
}

/** While a page of the area is being fetched (each is its own chunk). */
function PageLoading() {
  const intl = useIntl();
  return (
    <Center py="xl" role="status">
      <Loader size="sm" />
      <VisuallyHidden>{intl.formatMessage(m.loadingPage)}</VisuallyHidden>
    </Center>
  );
}
