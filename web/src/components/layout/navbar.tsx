/**
 * The top bar: brand, the public links (Home, About, Contact Us, Subscribe, Guide), Login and
 * Sign Up when logged out; username, the notification bell (docs/product/alerts.md#screens), the user-details tab
 * and Logout when logged in (on a phone, Logout is in the user-details tab). Under 768px the links move into the
 * menu opened by the hamburger.
 */
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { ActionIcon, Anchor, Burger, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChartLine, IconUserCircle } from '@tabler/icons-react';
import { toDisplayWords } from '@bazaar/shared';
import { useSession } from '../../lib/session';
import { Disclosure } from '../popup';
import { DeferredNotificationBell } from '../alerts/deferred-notification-bell';
import { NAVBAR_LINKS } from './sidebar-entries';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { useStoredUsername } from './use-stored-username';
import classes from './layout.module.css';

export interface NavbarProps {
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/**
 * The user's picture, or their initials when there is none or it fails to load: a circle in CSS (Mantine's Avatar
 * was 1.5 KiB in every route's load for this one use; docs/decisions.md#bundle-size).
 */
function UserAvatar({ src, initials }: { src: string | null | undefined; initials: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className={classes.avatar} aria-hidden>
      {src && !failed ? <img src={src} alt="" onError={() => setFailed(true)} /> : initials}
    </span>
  );
}

export function Navbar({ menuOpened, onToggleMenu }: NavbarProps) {
  const session = useSession();
  const navigate = useNavigate();
  const username = useStoredUsername();
  const user = session.user;

  async function logout() {
    await session.logout();
    navigate('/login');
  }

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label="Open navigation menu"
        />
        <Anchor component={Link} to={session.isLoggedIn ? '/' : '/home'} underline="never" c="inherit">
          <Group gap={6} wrap="nowrap">
            <IconChartLine size={26} color="var(--mantine-color-teal-6)" aria-hidden />
            {/* not a heading (each page has its own h1) and never on two lines */}
            <Text component="span" fw={700} fz={{ base: 'md', sm: 'lg' }} style={{ whiteSpace: 'nowrap' }}>
              Bazaar Insight
            </Text>
          </Group>
        </Anchor>
        <Group gap={4} visibleFrom="sm" component="nav" aria-label="Main">
          {NAVBAR_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.topLink}>
              {link.label}
            </NavLink>
          ))}
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <ColorSchemeToggle />
        {session.isLoggedIn && user ? (
          <>
            <Text size="sm" fw={500} visibleFrom="xs" data-testid="navbar-username">
              {username ?? user.username}
            </Text>
            <DeferredNotificationBell />
            {/* a Disclosure, not Mantine's Popover: floating-ui in every page's load for this one panel
                (docs/decisions.md#pop-overs-and-hints-without-floating-ui) */}
            <Disclosure
              button={(props) => (
                <ActionIcon {...props} variant="default" size="lg" aria-label="User details">
                  <IconUserCircle size={20} />
                </ActionIcon>
              )}
              panelProps={{
                role: 'dialog',
                'aria-label': 'User details',
                style: { width: 260, padding: 'var(--mantine-spacing-sm)' },
              }}
            >
              {(close) => (
                <Stack gap={6} data-testid="user-details">
                  <Group gap="sm" wrap="nowrap">
                    <UserAvatar
                      src={user.profilePictureUrl}
                      initials={`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`}
                    />
                    <div>
                      <Text fw={600}>
                        {user.firstName} {user.lastName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {user.email}
                      </Text>
                    </div>
                  </Group>
                  <Text size="sm">Role: {toDisplayWords((session.role ?? '').replace(/^ROLE_/, ''))}</Text>
                  <UnstyledButton component={Link} to="/profile" className={classes.popoverLink} onClick={close}>
                    Profile
                  </UnstyledButton>
                  {/* on a phone Logout is here: the bar's own icon, beside the bell, went past 390 px */}
                  <UnstyledButton className={classes.popoverLink} onClick={() => void logout()} hiddenFrom="xs">
                    Logout
                  </UnstyledButton>
                </Stack>
              )}
            </Disclosure>
            <Button variant="light" size="xs" onClick={logout} visibleFrom="xs">
              Logout
            </Button>
          </>
        ) : (
          <Group gap="xs" visibleFrom="xs" wrap="nowrap">
            <Button component={Link} to="/login" variant="default" size="xs">
              Login
            </Button>
            <Button component={Link} to="/signup" size="xs">
              Sign Up
            </Button>
          </Group>
        )}
      </Group>
    </Group>
  );
}
