/**
 * The served page's first paint (docs/decisions.md#the-first-paint-from-the-html): what the build puts in #root
 * must be what the app draws in the same places, and carry the slots the BFF fills in (bff/src/http/web-app.ts).
 */
import { describe, expect, it } from 'vitest';
import { renderFirstPaint } from './first-paint';
import { DEMO_MARKET_TITLE } from '../components/market-data';

const root = document.createElement('div');
root.innerHTML = renderFirstPaint();

describe('the first paint from the HTML', () => {
  it('holds the demo banner as the app draws it, in a block shown only for the demo market', () => {
    const banner = root.querySelector('[data-first-paint="demo-banner"]');
    expect(banner?.querySelector('[role="alert"]')?.textContent).toContain(DEMO_MARKET_TITLE);
    expect(banner?.querySelector('p')?.textContent).toBe(
      'Generated, not the exchange’s. For real data start with DEMO_DATA=0 and load NSE files under Upload (more).',
    );
  });

  it("holds Company Analysis' heading with the slots the BFF writes the company in", () => {
    const heading = root.querySelector('[data-first-paint="company-analysis"] h1');
    expect(heading?.textContent).toBe(
      '__first_paint_company_name__ (__first_paint_company_symbol__) · Company Analysis',
    );
    const block = root.querySelector<HTMLElement>('[data-first-paint="company-analysis"]');
    expect(block?.dataset).toMatchObject({
      companySymbol: '__first_paint_company_symbol__',
      companyName: '__first_paint_company_name__',
    });
  });

  it('draws the page loader, and leaves out test ids (the browser tests look for the app’s own elements)', () => {
    expect(root.querySelector('[aria-label="Loading"]')).not.toBeNull();
    expect(root.querySelector('[data-testid]')).toBeNull();
  });
});
