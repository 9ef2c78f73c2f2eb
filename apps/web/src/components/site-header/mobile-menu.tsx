import type { Role } from '@lyceum/contract';
import { Button, CloseButton, Divider, Drawer, Group, Stack } from '@mantine/core';
import { useIntl } from '@/i18n/intl';
import { Link, NavLink } from 'react-router';
import { PUBLIC_NAV } from '@/config/navigation';
import { areaHref, paths } from '@/config/paths';
import { Logo } from '../logo';
import { LanguageMenu } from './language-menu';
import { siteHeaderMessages as messages } from './messages';
import classes from './site-header.module.css';

/** Router state for the join page, reached from the menu: focus goes to its heading (pages/join-page.tsx). */
const JOIN_FROM_MENU = { focus: 'heading' } as const;

export interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  /** The logged-in user's role, or null for a visitor. */
  role: Role | null;
}

/**
 * The navigation bar's side drawer under the md breakpoint (spec §2). Its own chunk: the drawer's modal machinery
 * (focus trap, scroll lock, scroll area) loads the first time a visitor opens it, not with every page.
 */
export function MobileMenu({ opened, onClose, role }: MobileMenuProps) {
  const intl = useIntl();
  return (
    // Built from parts: Mantine's own drawer header is a <header> (a second banner landmark), and the dialog
    // needs its name on the content element.
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="xs">
      <Drawer.Overlay />
      <Drawer.Content aria-label={intl.formatMessage(messages.menu)}>
        <Drawer.Body pt="md">
          <Stack gap="lg">
            <Group justify="space-between">
              <Logo size={30} />
              <CloseButton size="lg" aria-label={intl.formatMessage(messages.closeMenu)} onClick={onClose} />
            </Group>
            <nav aria-label={intl.formatMessage(messages.mainMenu)}>
              {PUBLIC_NAV.map((item) => (
                <NavLink key={item.href} to={item.href} end className={classes.drawerLink} onClick={onClose}>
                  {intl.formatMessage(item.label)}
                </NavLink>
              ))}
            </nav>
            <LanguageMenu />
            <Divider />
            {role ? (
              <Stack gap="sm">
                {role === 'student' ? (
                  <Button
                    component={Link}
                    to={paths.join.href()}
                    state={JOIN_FROM_MENU}
                    onClick={onClose}
                    variant="default"
                    fullWidth
                  >
                    {intl.formatMessage(messages.joinClass)}
                  </Button>
                ) : null}
                <Button component={Link} to={areaHref(role)} onClick={onClose} variant="light" fullWidth>
                  {intl.formatMessage(messages.myArea, { role })}
                </Button>
              </Stack>
            ) : (
              <Stack gap="sm">
                <Button component={Link} to={paths.login.href()} onClick={onClose} variant="default" fullWidth>
                  {intl.formatMessage(messages.login)}
                </Button>
                <Button component={Link} to={paths.register.href()} onClick={onClose} fullWidth>
                  {intl.formatMessage(messages.signUp)}
                </Button>
              </Stack>
            )}
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
