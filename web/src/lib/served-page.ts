/**
 * What the served page said before the app replaced it (docs/decisions.md#the-first-paint-from-the-html). On
 * /company-analysis/:symbol the BFF writes the company's name into the served heading (bff/src/http/web-app.ts);
 * the app's heading knew only the symbol until the analysis arrived, so the name went and came back. Read once,
 * before React's first render replaces the served markup.
 */
import { SERVED_PAGE } from '@bazaar/shared';

let servedCompany: { symbol: string; companyName: string } | undefined;

export function keepServedCompany(): void {
  if (document.documentElement.getAttribute(SERVED_PAGE.pageAttribute) !== SERVED_PAGE.companyAnalysisPage) return;
  const block = document.querySelector<HTMLElement>(`[data-first-paint="${SERVED_PAGE.companyAnalysisPage}"]`);
  const symbol = block?.dataset.companySymbol;
  const companyName = block?.dataset.companyName;
  if (symbol && companyName) servedCompany = { symbol, companyName };
}

/** The company's name the served page showed for this symbol, if it showed one. */
export function servedCompanyName(symbol: string): string | undefined {
  return servedCompany?.symbol === symbol ? servedCompany.companyName : undefined;
}
