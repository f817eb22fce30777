/**
 * The router: the shell around every route of routes.tsx, each with its guard and error boundary. Declarative
 * routes (BrowserRouter), not a data router: the app has no loaders or actions, and the data router's code is
 * 16 KiB gzip more in every page's load (docs/decisions.md#bundle-size).
 */
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from './providers';
import { AppLayout } from '../components/layout/app-layout';
import { NotFoundPage, RouteErrorBoundary, ShellErrorBoundary } from '../components/page-errors';
import { RequireAuth } from './guards';
import { pagePlaceholder, routes } from './routes';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <ShellErrorBoundary>
          <Routes>
            <Route element={<AppLayout pagePlaceholder={pagePlaceholder} />}>
              {routes.map(({ path, page: Page, access }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <RouteErrorBoundary>
                      {access ? (
                        <RequireAuth access={access}>
                          <Page />
                        </RequireAuth>
                      ) : (
                        <Page />
                      )}
                    </RouteErrorBoundary>
                  }
                />
              ))}
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </ShellErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}
