import { UI } from '@lyceum/contract/constants';
import { Box, Burger, Button, Container, Group, Skeleton, Text } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';
import type { ScrollTopButton as ScrollTopButtonModule } from './scroll-top-button';
import { useIntl } from '@/i18n/intl';
import { Link, NavLink } from 'react-router';
import { PUBLIC_NAV } from '@/config/navigation';
import { areaHref, paths } from '@/config/paths';
import { selectProfileImage } from '@/lib/auth/auth-reducer';
import { useAuth } from '@/lib/auth/auth-context';
import { Logo } from '../logo';
import { UserAvatar } from '../user-avatar';
import { LanguageMenu } from './language-menu';
import { siteHeaderMessages as messages } from './messages';
import classes from './site-header.module.css';

// Its chunk may fail to load while offline (a student scrolling a quiz, issue 49): then there is no button, rather
// than the route's error page in place of the quiz.
const ScrollTopButton = lazy(() =>
  import('./scroll-top-button').then(
    (module) => ({ default: module.ScrollTopButton }),
    (): { default: ComponentType<ComponentProps<typeof ScrollTopButtonModule>> } => ({ default: () => null }),
  ),
);
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu')).MobileMenu }));
// Signed-in users only: visitors never download the bell or its live stream.
const NotificationBell = lazy(async () => ({
  default: (await import('@/features/notifications/components/notification-bell')).NotificationBell,
}));

export const HEADER_HEIGHT = 72;

/** Router state for the join page, reached from the header: focus goes to its heading (pages/join-page.tsx). */
const JOIN_FROM_MENU = { focus: 'heading' } as const;

/**
 * While a modal locks the page's scrolling, react-remove-scroll-bar gives elements of this class the scrollbar's
 * width as right offset, so the fixed header does not jump sideways (what AppShell.Header did).
 */
const SCROLLBAR_GAP_CLASS = 'right-scroll-bar-position';

/**
 * The navigation bar of every page (spec §2): fixed at the top, HEADER_HEIGHT tall; the page leaves room for it
 * (the public frame's padding, or the role area's AppShell `header` option). `accountPending`: the server rendered
 * a role area's shell, which knows no user — neither the visitor's buttons nor an avatar, a placeholder of its size.
 */
export function SiteHeader({ accountPending = false }: { accountPending?: boolean }) {
  const [scroll, scrollTo] = useWindowScroll();
  const scrolled = scroll.y > UI.scrollThresholdPx;
  const [drawerOpened, drawer] = useDisclosure(false);
  // The drawer's code is fetched on the first open, then it stays mounted so it can animate closed.
  const [drawerRequested, setDrawerRequested] = useState(false);
  const { state } = useAuth();
  const intl = useIntl();
  // The scroll-to-top button's code is fetched on the first scroll, then it stays mounted to animate in and out.
  const [scrolledOnce, setScrolledOnce] = useState(false);
  if (scrolled && !scrolledOnce) setScrolledOnce(true);
  const user = state.isAuthenticated && !accountPending ? state.user : null;

  const account = user ? (
    <Link
      to={areaHref(user.role)}
      className={classes.account}
      aria-label={intl.formatMessage(messages.account, { username: user.username, role: user.role })}
      onClick={drawer.close}
    >
      <UserAvatar
        image={selectProfileImage(state)}
        size={UI.avatarPx}
        alt={intl.formatMessage(messages.profilePicture, { username: user.username })}
      />
      <Text span visibleFrom="sm" className={classes.username}>
        {user.username}
      </Text>
    </Link>
  ) : null;

  return (
    <>
      <Box
        component="header"
        h={HEADER_HEIGHT}
        className={`${classes.header} ${SCROLLBAR_GAP_CLASS}`}
        mod={{ scrolled }}
      >
        <Container size="xl" className={classes.inner}>
          <Link to={paths.home.href()} className={classes.brand} aria-label={intl.formatMessage(messages.homeLink)}>
            <Logo />
          </Link>

          <Box
            component="nav"
            aria-label={intl.formatMessage(messages.mainNav)}
            visibleFrom="md"
            className={classes.links}
          >
            {PUBLIC_NAV.map((item) => (
              <NavLink key={item.href} to={item.href} end className={classes.link}>
                {intl.formatMessage(item.label)}
              </NavLink>
            ))}
          </Box>

          <Group gap="sm" wrap="nowrap">
            <LanguageMenu visibleFrom="sm" />
            {user?.role === 'student' ? (
              // A student's way into a class from every page, a few Tab presses from the top (issue 46.7); on a
              // phone it is in the menu.
              <Button component={Link} to={paths.join.href()} state={JOIN_FROM_MENU} variant="light" visibleFrom="sm">
                {intl.formatMessage(messages.joinClass)}
              </Button>
            ) : null}
            {user ? (
              <Suspense fallback={null}>
                <NotificationBell userId={user.id} />
              </Suspense>
            ) : null}
            {accountPending ? (
              <Skeleton circle height={UI.avatarPx} aria-hidden />
            ) : (
              (account ?? (
                <Group gap="xs" wrap="nowrap">
                  <Button component={Link} to={paths.login.href()} variant="default">
                    {intl.formatMessage(messages.login)}
                  </Button>
                  <Button component={Link} to={paths.register.href()} visibleFrom="xs">
                    {intl.formatMessage(messages.signUp)}
                  </Button>
                </Group>
              ))
            )}
            <Burger
              opened={drawerOpened}
              onClick={() => {
                setDrawerRequested(true);
                drawer.toggle();
              }}
              hiddenFrom="md"
              aria-label={intl.formatMessage(drawerOpened ? messages.closeMenu : messages.openMenu)}
              aria-expanded={drawerOpened}
            />
          </Group>
        </Container>
      </Box>

      {drawerRequested ? (
        <Suspense fallback={null}>
          <MobileMenu opened={drawerOpened} onClose={drawer.close} role={user?.role ?? null} />
        </Suspense>
      ) : null}

      {scrolledOnce ? (
        <Suspense fallback={null}>
          <ScrollTopButton mounted={scrolled} onClick={() => scrollTo({ y: 0 })} />
        </Suspense>
      ) : null}
    </>
  );
}
