/** The company name handed over from the served page to the app (served-page.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import { SERVED_PAGE } from '@bazaar/shared';
import { keepServedCompany, servedCompanyName } from './served-page';

function servePage(mark: boolean, symbol: string, name: string) {
  if (mark) document.documentElement.setAttribute(SERVED_PAGE.pageAttribute, SERVED_PAGE.companyAnalysisPage);
  const block = document.createElement('div');
  block.dataset.firstPaint = SERVED_PAGE.companyAnalysisPage;
  block.dataset.companySymbol = symbol;
  block.dataset.companyName = name;
  document.body.replaceChildren(block);
}

afterEach(() => {
  document.documentElement.removeAttribute(SERVED_PAGE.pageAttribute);
  document.body.replaceChildren();
});

describe('the served company name', () => {
  it('is left alone when the BFF wrote no company in (the slots as built)', () => {
    servePage(false, SERVED_PAGE.companySymbolSlot, SERVED_PAGE.companyNameSlot);
    keepServedCompany();
    expect(servedCompanyName(SERVED_PAGE.companySymbolSlot)).toBeUndefined();
  });

  it('is kept for its symbol only, and stays after the served markup is gone', () => {
    servePage(true, 'AMBKANSYS', 'Ambkan Systems <&> Limited');
    keepServedCompany();
    document.body.replaceChildren();
    expect(servedCompanyName('AMBKANSYS')).toBe('Ambkan Systems <&> Limited');
    expect(servedCompanyName('OTHER')).toBeUndefined();
  });
});
