/** The sidebar: role-based entries (sidebar-entries.ts) and, on small screens, the navbar links. */
import { NavLink as RouterNavLink } from 'react-router-dom';
import { Button, Divider, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { NAVBAR_LINKS, sidebarEntries } from './sidebar-entries';
import classes from './layout.module.css';

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const session = useSession();
  const entries = sidebarEntries(session.isLoggedIn ? session.role : null);
  return (
    // the browser's own scrolling and plain links: Mantine's ScrollArea and NavLink were 6 KiB gzip in every page's
    // load (docs/decisions.md#bundle-size)
    <div className={classes.sidebarScroll}>
      <Stack gap={2} p="xs" component="nav" aria-label="Sidebar" data-testid="sidebar">
        {entries.map((entry) => (
          <RouterNavLink
            key={entry.to}
            to={entry.to}
            end={entry.to === '/'}
            className={classes.sideLink}
            onClick={onNavigate}
          >
            {entry.label}
          </RouterNavLink>
        ))}
        {/* under 768px the navbar's links live here */}
        <Stack gap={2} hiddenFrom="sm">
          <Divider my="xs" />
          {NAVBAR_LINKS.map((link) => (
            <RouterNavLink key={link.to} to={link.to} className={classes.sideLink} onClick={onNavigate}>
              {link.label}
            </RouterNavLink>
          ))}
          {!session.isLoggedIn && (
            <Stack gap="xs" mt="xs">
              <Button component={Link} to="/login" variant="default" onClick={onNavigate}>
                Login
              </Button>
              <Button component={Link} to="/signup" onClick={onNavigate}>
                Sign Up
              </Button>
            </Stack>
          )}
        </Stack>
      </Stack>
    </div>
  );
}
