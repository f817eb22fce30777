/**
 * The last few Company Analysis answers of this visit, kept outside Apollo's cache. The page asks with `no-cache`:
 * writing an answer into the normalised cache and reading it back walked every one of its ~400 candles field by
 * field, the longest task of the page's start on a phone (docs/benchmarks.md#page-weight-and-speed). Kept here, a symbol
 * seen before (or the other price basis) still shows at once while the server is asked again. The answers are
 * public market data, the same for every user: nothing to forget at sign-out.
 */
import type { CompanyAnalysisPageQuery } from '../../../__generated__/graphql';

const KEPT = 8;
const answers = new Map<string, CompanyAnalysisPageQuery>();

function keyOf(symbol: string, adjusted: boolean): string {
  return `${symbol}|${adjusted ? 'adjusted' : 'raw'}`;
}

export function recentAnalysis(symbol: string, adjusted: boolean): CompanyAnalysisPageQuery | undefined {
  return answers.get(keyOf(symbol, adjusted));
}

export function rememberAnalysis(symbol: string, adjusted: boolean, answer: CompanyAnalysisPageQuery): void {
  const key = keyOf(symbol, adjusted);
  answers.delete(key);
  answers.set(key, answer);
  // the oldest first in a Map's order
  for (const oldest of answers.keys()) {
    if (answers.size <= KEPT) break;
    answers.delete(oldest);
  }
}
