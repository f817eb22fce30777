/**
 * Company Analysis while its code loads: the heading, with the company's name when it is known, as the served
 * page drew it (web/src/app/first-paint.tsx). Without it the served heading went at the app's first render and came
 * back with the page's chunk: a moment with no heading on a phone (docs/decisions.md#the-first-paint-from-the-html).
 */
import { Stack } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { servedCompanyName } from '../../../lib/served-page';
import { CompanyAnalysisHeading } from './company-analysis-heading';
import type { CompanyAnalysisNavigationState } from './not-found';

/** The symbol of /company-analysis/:symbol as the page asks for it (the address may be in lower case). */
export function symbolOfAddress(param: string | undefined): string {
  return (param ?? '').trim().toUpperCase();
}

/** The company name another screen passed along (Companies passes the record), shown while loading. */
export function companyNameFromState(state: unknown): string | undefined {
  const company = (state as CompanyAnalysisNavigationState | null)?.company as { companyName?: unknown } | undefined;
  return typeof company?.companyName === 'string' ? company.companyName : undefined;
}

/** The name to show before the analysis answers: the one another screen passed, or the one the served page showed. */
export function companyNameBeforeAnswer(symbol: string, navigationState: unknown): string | undefined {
  return companyNameFromState(navigationState) ?? servedCompanyName(symbol);
}

export function CompanyAnalysisPlaceholder({ symbol: given }: { symbol: string | undefined }) {
  const location = useLocation();
  const symbol = symbolOfAddress(given);
  return (
    <Stack gap="md">
      <CompanyAnalysisHeading symbol={symbol} companyName={companyNameBeforeAnswer(symbol, location.state)} />
    </Stack>
  );
}
