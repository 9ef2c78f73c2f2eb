import type { Role } from '@lyceum/contract';
import { ROLE_LABELS } from '@lyceum/contract/constants';
import { Button, CloseButton, Divider, Drawer, Group, Stack } from '@mantine/core';
import { Link, NavLink } from 'react-router';
import { PUBLIC_NAV } from '../../config/navigation';
import { areaHref, paths } from '../../config/paths';
import { Logo } from '../logo';
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
  return (
    // Built from parts: Mantine's own drawer header is a <header> (a second banner landmark), and the dialog
    // needs its name on the content element.
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="xs">
      <Drawer.Overlay />
      <Drawer.Content aria-label="Menu">
        <Drawer.Body pt="md">
          <Stack gap="lg">
            <Group justify="space-between">
              <Logo size={30} />
              <CloseButton size="lg" aria-label="Close navigation menu" onClick={onClose} />
            </Group>
            <nav aria-label="Main menu">
              {PUBLIC_NAV.map((item) => (
                <NavLink key={item.href} to={item.href} end className={classes.drawerLink} onClick={onClose}>
                  {item.label}
                </NavLink>
              ))}
            </nav>
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
                    Join a class
                  </Button>
                ) : null}
                <Button component={Link} to={areaHref(role)} onClick={onClose} variant="light" fullWidth>
                  My {ROLE_LABELS[role]} area
                </Button>
              </Stack>
            ) : (
              <Stack gap="sm">
                <Button component={Link} to={paths.login.href()} onClick={onClose} variant="default" fullWidth>
                  Login
                </Button>
                <Button component={Link} to={paths.register.href()} onClick={onClose} fullWidth>
                  Sign Up
                </Button>
              </Stack>
            )}
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
