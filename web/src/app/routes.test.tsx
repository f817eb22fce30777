/** What a page shows of itself while its code loads (routes.tsx: AppRoute.placeholder). */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import { pagePlaceholder } from './routes';

afterEach(cleanup);

function renderAt(pathname: string, state?: unknown) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={[{ pathname, state }]}>{pagePlaceholder(pathname)}</MemoryRouter>
    </MantineProvider>,
  );
}

describe('the placeholder of a page whose code is loading', () => {
  it("is Company Analysis' heading, with the name another screen passed along", () => {
    renderAt('/company-analysis/zyxplace', { company: { companyName: 'Zyx Placeholders Limited' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Zyx Placeholders Limited (ZYXPLACE) · Company Analysis',
    );
  });

  it('is the symbol alone when no name is known', () => {
    renderAt('/company-analysis/zyxplace');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ZYXPLACE · Company Analysis');
  });

  it('is nothing for the pages that declare none', () => {
    expect(pagePlaceholder('/stock-price')).toBeNull();
    expect(pagePlaceholder('/company-analysis')).toBeNull();
    expect(pagePlaceholder('/holdings')).toBeNull();
  });
});
