/**
 * The first paint, drawn from the served HTML before the app's script runs: the frame of AppLayout (header, sidebar,
 * page area), the demo banner and the page loader, rendered at build time into index.html by web/vite.config.ts.
 * On a phone the app's script (React, Apollo, the shell: about 110 KiB gzip) takes seconds to arrive and run;
 * with this the screen is drawn from the HTML and the CSS alone, and the script is asked for once it is drawn.
 * The banner shows only when the BFF marks the page as the demo market's (`data-demo-market` on <html>, see
 * bff/src/http/web-app.ts): it is the largest text of most pages, so the app draws the same Alert, of the same size,
 * and the largest paint stays the HTML's (docs/benchmarks.md#page-weight-and-speed). On Company Analysis the largest text
 * is the heading with the company's name: the BFF writes it in when it knows the company. React replaces all of it at its first
 * render (createRoot empties #root), so nothing here needs to work without JavaScript.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { SERVED_PAGE } from '@bazaar/shared';
import { MemoryRouter } from 'react-router-dom';
import { Box, MantineProvider, Stack } from '@mantine/core';
import { PageLoader } from '../components/layout/app-layout';
import { DemoBannerAlert } from '../components/market-data';
import { CompanyAnalysisHeading } from '../features/company/components/company-analysis-heading';
import layout from '../components/layout/layout.module.css';
import { cssVariablesResolver, theme } from './theme';

/** The served page's places the build leaves for the BFF; web/vite.config.ts reads the status marker from here. */
export { SERVED_PAGE };

function FirstPaint() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <MemoryRouter>
        <div className={layout.shell} data-sidebar-desktop="open" data-sidebar-mobile="closed">
          <header className={layout.shellHeader} />
          <div className={layout.shellSidebar} />
          <main className={layout.main}>
            {/* the place of the sidebar toggle (ActionIcon, 28 px, mb xs) above the banner on a laptop */}
            <Box visibleFrom="sm" h={28} mb="xs" />
            <div data-first-paint="demo-banner">
              <DemoBannerAlert />
            </div>
            {/* Company Analysis' heading (its largest text, with the company's name), as the page draws it */}
            {/* the company also in attributes: the app reads it before replacing this markup (lib/served-page.ts) */}
            <div
              className={layout.page}
              data-first-paint={SERVED_PAGE.companyAnalysisPage}
              data-company-symbol={SERVED_PAGE.companySymbolSlot}
              data-company-name={SERVED_PAGE.companyNameSlot}
            >
              <Stack gap="md">
                <CompanyAnalysisHeading
                  symbol={SERVED_PAGE.companySymbolSlot}
                  companyName={SERVED_PAGE.companyNameSlot}
                />
              </Stack>
            </div>
            <PageLoader />
          </main>
        </div>
      </MemoryRouter>
    </MantineProvider>
  );
}

/** The inside of #root for index.html. Test ids are left out: the browser tests look for the app's elements. */
export function renderFirstPaint(): string {
  return renderToStaticMarkup(<FirstPaint />).replace(/ data-testid="[^"]*"/g, '');
}
