/** The router: the shell around every route of routes.tsx, each with its guard and error boundary. */
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { AppLayout } from '../components/layout/app-layout';
import { NotFoundPage, RouteError } from '../components/page-errors';
import { RequireAuth } from './guards';
import { routes } from './routes';

const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      ...routes.map(({ path, page: Page, access }) => ({
        path,
        errorElement: <RouteError />,
        element: access ? (
          <RequireAuth access={access}>
            <Page />
          </RequireAuth>
        ) : (
          <Page />
        ),
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
