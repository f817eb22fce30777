/**
 * The application shell: navbar on top, collapsible sidebar, the page, and the footer after the page (shown with the
 * page, not under its loader). The footer is part of the page's flow, not fixed: fixed, it covered the end of every
 * page on phones (docs/product/common.md#layout).
 * A banner tells when the services cannot be reached, and disappears when they answer again; another says when the
 * market data is the generated demo market.
 *
 * The frame (fixed header, sidebar that collapses on a laptop and slides in on a phone) is CSS of its own
 * (layout.module.css), not Mantine's AppShell: AppShell's resizing and drag code was 6 KiB gzip in every page's
 * load (docs/decisions.md#bundle-size).
 */
import { Suspense, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ActionIcon, Alert, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconPlugConnectedX } from '@tabler/icons-react';
import { useServicesOnline } from '../../lib/connectivity';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import { Footer } from './footer';
import { DemoBanner } from '../market-data';
import { Hint } from '../popup';
import classes from './layout.module.css';

/**
 * The loader while a page's code loads: fixed on the screen, out of the page's flow, so the demo banner arriving
 * above it on a first visit does not move it (a layout shift; docs/decisions.md#the-dashboard-holds-its-place).
 */
export function PageLoader() {
  return (
    <Center className={classes.pageLoader} data-testid="page-loader">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** The page loader, and above it in the page's place what the page shows of itself while its code loads. */
function PageLoading({ placeholder }: { placeholder: ReactNode }) {
  return (
    <>
      {placeholder && <div className={classes.page}>{placeholder}</div>}
      <PageLoader />
    </>
  );
}

/** The id of the page's main region: the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * After a navigation (not the first page), moves the focus to the new page's heading, or to the main region until
 * one is drawn (a page's code and data may still be loading, and a placeholder heading may be replaced by the
 * page's), so keyboard and screen-reader users start at the page, not at the top of the document. For a few seconds
 * the focus follows the page's heading, unless the user has moved it somewhere else meanwhile.
 */
function useFocusOnNavigation(pathname: string, main: RefObject<HTMLElement | null>): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const region = main.current;
    if (!region) return;
    // the element that had the focus when the address changed (the link clicked), or nothing
    const origin = document.activeElement;
    const ours = (element: Element | null) =>
      element === null ||
      element === document.body ||
      element === region ||
      element === origin ||
      element.hasAttribute('data-route-focus');
    const settle = () => {
      const active = document.activeElement;
      if (!ours(active)) return false;
      const heading = region.querySelector<HTMLElement>('h1');
      if (heading) {
        if (active !== heading) {
          heading.setAttribute('tabindex', '-1');
          heading.setAttribute('data-route-focus', '');
          heading.focus({ preventScroll: true });
        }
      } else if (active !== region) region.focus({ preventScroll: true });
      return true;
    };
    if (!settle()) return;
    const observer = new MutationObserver(() => {
      if (!settle()) observer.disconnect();
    });
    observer.observe(region, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), 5_000);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname, main]);
}

export function AppLayout({
  pagePlaceholder,
}: {
  /** What the page at this address shows of itself while its code loads (Company Analysis: its heading). */
  pagePlaceholder?: (pathname: string) => ReactNode;
} = {}) {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const online = useServicesOnline();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(location.pathname, main);

  return (
    <div
      className={classes.shell}
      data-sidebar-desktop={desktopOpened ? 'open' : 'closed'}
      data-sidebar-mobile={mobileOpened ? 'open' : 'closed'}
    >
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} data-testid="skip-link">
        Skip to content
      </a>
      <header className={classes.shellHeader}>
        <Navbar menuOpened={mobileOpened} onToggleMenu={mobile.toggle} />
      </header>
      <div className={classes.shellSidebar}>
        <Sidebar onNavigate={mobile.close} />
      </div>
      <main className={classes.main} id={MAIN_CONTENT_ID} tabIndex={-1} ref={main}>
        <Hint label={desktopOpened ? 'Hide sidebar' : 'Show sidebar'} side="right">
          <ActionIcon
            variant="subtle"
            visibleFrom="sm"
            onClick={desktop.toggle}
            aria-label={desktopOpened ? 'Hide sidebar' : 'Show sidebar'}
            mb="xs"
          >
            {desktopOpened ? <IconLayoutSidebarLeftCollapse size={18} /> : <IconLayoutSidebarLeftExpand size={18} />}
          </ActionIcon>
        </Hint>
        {!online && (
          <Alert
            color="orange"
            icon={<IconPlugConnectedX />}
            mb="md"
            title="Service unavailable"
            data-testid="offline-banner"
          >
            The server cannot be reached right now. What you see may be out of date; we will reconnect by ourselves.
          </Alert>
        )}
        <DemoBanner />
        {/* the footer comes with the page: shown under the page loader, it was pushed off the screen when the page
            arrived (a layout shift on every page; docs/decisions.md#the-footer-comes-with-the-page) */}
        <Suspense fallback={<PageLoading placeholder={pagePlaceholder?.(location.pathname)} />} key={location.pathname}>
          <div className={classes.page}>
            <Outlet />
          </div>
          <footer className={classes.footer}>
            <Footer />
          </footer>
        </Suspense>
      </main>
    </div>
  );
}
