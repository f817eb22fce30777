/**
 * What an API key needs to call each REST route (docs/product/developer.md#scopes), decided here and nowhere else:
 * the first rule whose pattern matches a route's URL gives its requirement by method. A key acts as a plain user
 * whatever its owner's roles, and never does account or administration work: only the portfolio routes listed
 * below take a key beyond the public reads, and a route no rule names (a new /user route outside the portfolio,
 * every /staff and /admin route, sign-up, login, logout, the profile, subscriptions, referrals, key management)
 * refuses keys. A new portfolio-like /user route gets a key by joining PORTFOLIO_ROUTES (reads portfolio:read,
 * writes portfolio:write). The BFF decides the same for GraphQL from @access (bff/src/auth/access.ts).
 */
import type { KeyRequirement } from '@bazaar/shared';

const READS = new Set(['GET', 'HEAD']);

/**
 * The owner's portfolio under /api/user: holdings (and their tradebook import), the watch list, the dashboard,
 * summary, alerts and benchmark (/user/portfolio/…), the tax report, the current prices of held symbols, the
 * brokerage firms and segments a holding names, and the alert rules and notifications.
 */
const PORTFOLIO_ROUTES =
  /^\/api\/user\/(holding|watchlist|dashboard|portfolio|tax|current-prices|brokerage-firms|segments|alert-rules|notifications)(\/|$)/;

interface KeyRule {
  pattern: RegExp;
  need: (method: string) => KeyRequirement;
}

/** In order: the first match decides. */
const KEY_RULES: KeyRule[] = [
  // the BFF's calls for the quota of the key it serves (any key: they count the GraphQL request itself)
  { pattern: /^\/api\/user\/api-quota\//, need: () => 'any' },
  { pattern: PORTFOLIO_ROUTES, need: (method) => (READS.has(method) ? 'portfolio:read' : 'portfolio:write') },
  // a public read that takes its arguments as a POST body
  { pattern: /^\/api\/public\/technical-analysis\/stocks\/sma$/, need: () => 'market:read' },
  // public, but account work or a message from a person: not for programs
  { pattern: /^\/api\/public\/(forgot-password|change-password|contact-messages)(\/|$)/, need: () => 'none' },
  { pattern: /^\/(api|insight)\/public\//, need: (method) => (READS.has(method) ? 'market:read' : 'none') },
];

/** What an API key needs to call `method url` (the route's URL pattern, e.g. /api/user/holding/:id). */
export function keyRequirement(method: string, url: string): KeyRequirement {
  for (const rule of KEY_RULES) if (rule.pattern.test(url)) return rule.need(method.toUpperCase());
  return 'none';
}
