/**
 * A page in jsdom as the app holds it: Apollo's MockedProvider with the test's answers, Mantine, and a
 * router at `path` whose one route (`route`, the path without its query when absent) draws the page.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

export interface RenderPageOptions {
  /** The address the router starts at ('/technical-analysis?asOf=2025-03-13'). */
  path: string;
  /** The route's pattern ('/company-analysis/:symbol'). */
  route?: string;
  mocks?: MockLink.MockedResponse[];
}

export function renderPage(page: ReactNode, { path, route = path.split('?')[0], mocks = [] }: RenderPageOptions) {
  return render(
    <MockedProvider mocks={mocks}>
      <MantineProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={page} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </MockedProvider>,
  );
}
