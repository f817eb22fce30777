/**
 * The parents of the GraphQL types that are not a REST answer as it is (codegen.yml's `mappers` point here;
 * the others point at the REST contract's types). A module of its own, importing nothing of the resolvers,
 * so the generated resolver types and the resolvers do not import each other.
 */
import type { TrendDirection } from '@bazaar/shared';

/** The technicalAnalysis object: its fields load themselves, for D (tradeDate null) or the trading day asked for. */
export interface TechnicalAnalysisParent {
  tradeDate: string | null;
}

/** The trend lists of one direction, of D (tradeDate null) or of the trading day asked for. */
export interface TrendListsParent {
  direction: TrendDirection;
  tradeDate: string | null;
}

/** A company analysis: its fields load themselves for this symbol. */
export interface CompanyAnalysisParent {
  symbol: string;
}

/** The ReferralLink type before its QR code is asked for (it is fetched only when selected). */
export interface ReferralLinkParent {
  username: string;
  referralCode: string;
  link: string;
}
