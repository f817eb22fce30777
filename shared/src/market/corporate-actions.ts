/**
 * What a corporate action's PURPOSE text means for prices and holdings (docs/product/company.md,
 * Corporate actions understood). NSE writes the same event many ways ("Face Value Split
 * (Sub-Division) - From Rs 10/- Per Share To Re 1/- Per Share", "Face Value Split From Rs 5 To Rs 2",
 * "Bonus 1:4", "Bonus  1:4", "Bonus- 4:10", "Dividend - Rs 15/- Per Share", "Interim Div - Rs 2/-"),
 * and one text may hold several events ("Bonus 1:1/Face Value Split …", "Annual General
 * Meeting/Dividend - Rs 4 Per Share/Bonus 1:1").
 *
 * - A face-value split (sub-division) from ₹A to ₹B, or a consolidation from ₹A to ₹B, has factor A/B
 *   (a split multiplies the shares, a consolidation divides them).
 * - A bonus a:b (a new shares for every b held) has factor (a+b)/b.
 * - Several adjusting events in one text multiply.
 * - Bonus debentures and bonus preference shares ("Bonus - 1 Debenture For 1 Equity Share Held",
 *   "Bonus Ncrps 1:10") and capital reductions do not change the number of equity shares in a way
 *   the price follows: not adjusting.
 * - Dividends (interim, final, special) are cash per share, summed when a text names several.
 *
 * Factors and amounts are exact decimal strings (big.js); nothing here rounds.
 */
import Big from 'big.js';

export type CorporateActionKind = 'split' | 'consolidation' | 'bonus' | 'dividend' | 'other';
export type AdjustingKind = 'split' | 'consolidation' | 'bonus';
export type CorporateEventKind = AdjustingKind | 'dividend';

export const ADJUSTING_KINDS: readonly AdjustingKind[] = ['split', 'consolidation', 'bonus'];

export function isAdjustingKind(kind: string): kind is AdjustingKind {
  return (ADJUSTING_KINDS as readonly string[]).includes(kind);
}

/** One event named in a PURPOSE text. */
export interface ParsedCorporateEvent {
  kind: CorporateEventKind;
  /** Shares after ÷ shares before (adjusting kinds); null for a dividend. */
  factor: string | null;
  /** Cash per share (dividends); null for adjusting kinds and for a dividend without an amount. */
  amount: string | null;
  /** A short annotation: "1:2 split", "Bonus 1:4", "10:1 consolidation", "Dividend ₹15". */
  label: string;
}

export interface ParsedPurpose {
  /** The first adjusting event's kind, else dividend, else other. */
  kind: CorporateActionKind;
  /** The product of the adjusting events' factors; null when none adjusts. */
  factor: string | null;
  /** The dividends' total per share; null when the text names no dividend with an amount. */
  dividendPerShare: string | null;
  events: ParsedCorporateEvent[];
  /**
   * The text mentions a split, bonus, consolidation or sub-division that was not understood (and is
   * not a known non-adjusting form): it must be looked at, never silently left unadjusted.
   */
  unclassified: boolean;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
/** "Rs 10/-", "Re 1", "Rs.10", "RsN/-", "Rs 10 /- Per Share" between the words of a split. */
const RUPEES = String.raw`r[se]\.?\s*${NUMBER}\s*(?:\/-)?\s*(?:per\s+share)?`;
const SPLIT = new RegExp(String.raw`split[^/+]*?from\s*${RUPEES}\s*to\s*${RUPEES}`, 'gi');
const CONSOLIDATION = new RegExp(String.raw`consolidation[^/+]*?(?:from\s*)?${RUPEES}\s*to\s*${RUPEES}`, 'gi');
/** "Bonus 1:4", "Bonus  1:4", "Bonus- 4:10", "Bonus 1: 2": digits straight after the word (not "Bonus Ncrps 1:10"). */
const BONUS = new RegExp(String.raw`bonus\s*-?\s*(\d+)\s*:\s*(\d+)`, 'gi');
/**
 * "Dividend - Rs 15/- Per Share", "Interim Div - Rs 2/-", "Dividend Rs.2", "Dividend Re - Re 1", "Dividend - 5 Per Share",
 * "Dividend * Rs 3" — the amount is the first number after the word, with only currency words between.
 */
const DIVIDEND = new RegExp(String.raw`\bdiv(?:idend)?\b([^0-9/+&]{0,16}?)${NUMBER}(\s*%)?`, 'gi');
const DIVIDEND_WORD = /\bdiv(?:idend)?\b/i;
const ADJUSTING_WORDS = /split|bonus|consolidat|sub-?division/i;
/** Mentions of those words that are understood as not adjusting. */
const NOT_ADJUSTING = /debenture|ncrps|preference|capital\s+reduction/i;

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b);
}

/** "a:b" in lowest whole terms for two decimal amounts: ratio(5, 10) = "1:2", ratio(2, 5) = "2:5". */
function ratio(left: Big, right: Big): string {
  let scale = new Big(1);
  while (!left.times(scale).mod(1).eq(0) || !right.times(scale).mod(1).eq(0)) scale = scale.times(10);
  const a = BigInt(left.times(scale).toFixed(0));
  const b = BigInt(right.times(scale).toFixed(0));
  const divisor = gcd(a, b);
  return `${a / divisor}:${b / divisor}`;
}

/** ₹A → ₹B: the numbers decide between a split (A > B) and a consolidation (A < B), whatever the wording. */
function faceValueEvent(from: string, to: string): ParsedCorporateEvent | null {
  const before = new Big(from);
  const after = new Big(to);
  if (before.lte(0) || after.lte(0) || before.eq(after)) return null;
  const kind = before.gt(after) ? 'split' : 'consolidation';
  return {
    kind,
    factor: before.div(after).toString(),
    amount: null,
    // new shares for old ones: ₹10 → ₹5 is "1:2" (one share becomes two), ₹1 → ₹10 is "10:1"
    label: `${ratio(after, before)} ${kind}`,
  };
}

/** Whole rupees as they are ("₹15"), paise with two decimals at least ("₹20.20", "₹0.50", "₹2.125"). */
function rupeeLabel(amount: Big): string {
  if (amount.mod(1).eq(0)) return `₹${amount.toFixed(0)}`;
  const decimals = amount.toString().split('.')[1]?.length ?? 0;
  return `₹${amount.toFixed(Math.max(2, decimals))}`;
}

/** Whether the text between the word dividend and its number holds only currency words. */
function onlyCurrencyBetween(gap: string): boolean {
  const words = gap.toLowerCase().match(/[a-z]+/g) ?? [];
  return words.every((word) => ['rs', 're', 's', 'inr'].includes(word));
}

/** What one PURPOSE text means (see the module comment). */
export function parsePurpose(purpose: string): ParsedPurpose {
  // "Annual General Meetingdividend": a missing space must not hide the dividend
  const text = purpose
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([a-z])(dividend)/gi, '$1 $2');
  const found: { at: number; event: ParsedCorporateEvent }[] = [];

  for (const match of text.matchAll(SPLIT)) {
    const event = faceValueEvent(match[1]!, match[2]!);
    if (event) found.push({ at: match.index, event });
  }
  for (const match of text.matchAll(CONSOLIDATION)) {
    const event = faceValueEvent(match[1]!, match[2]!);
    if (event) found.push({ at: match.index, event });
  }
  for (const match of text.matchAll(BONUS)) {
    const added = new Big(match[1]!);
    const held = new Big(match[2]!);
    if (added.lte(0) || held.lte(0)) continue;
    found.push({
      at: match.index,
      event: {
        kind: 'bonus',
        factor: added.plus(held).div(held).toString(),
        amount: null,
        label: `Bonus ${match[1]}:${match[2]}`,
      },
    });
  }
  let dividendNamed = false;
  for (const match of text.matchAll(DIVIDEND)) {
    if (!onlyCurrencyBetween(match[1]!) || match[3]) continue;
    const amount = new Big(match[2]!);
    if (amount.lte(0)) continue;
    dividendNamed = true;
    found.push({
      at: match.index,
      event: { kind: 'dividend', factor: null, amount: amount.toString(), label: `Dividend ${rupeeLabel(amount)}` },
    });
  }
  if (!dividendNamed && DIVIDEND_WORD.test(text)) {
    // a dividend without an amount ("Interim Dividend"): recorded, nothing to credit
    found.push({
      at: text.search(DIVIDEND_WORD),
      event: { kind: 'dividend', factor: null, amount: null, label: 'Dividend' },
    });
  }

  const events = found.sort((a, b) => a.at - b.at).map((entry) => entry.event);
  const adjusting = events.filter((event) => isAdjustingKind(event.kind));
  const dividends = events.filter((event) => event.kind === 'dividend' && event.amount !== null);
  const factor = adjusting.length
    ? adjusting.reduce((product, event) => product.times(event.factor!), new Big(1)).toString()
    : null;
  const dividendPerShare = dividends.length
    ? dividends.reduce((sum, event) => sum.plus(event.amount!), new Big(0)).toString()
    : null;
  const kind: CorporateActionKind = adjusting[0]?.kind ?? (events.length ? 'dividend' : 'other');
  const unclassified = adjusting.length === 0 && ADJUSTING_WORDS.test(text) && !NOT_ADJUSTING.test(text);
  return { kind, factor, dividendPerShare, events, unclassified };
}

/**
 * A price of a day before an event, expressed in today's shares: raw ÷ divisor, where the divisor
 * is the product of the factors of the effective events after that day (1 when none).
 */
export function adjustPrice(raw: string, divisor: string): string {
  return divisor === '1' ? raw : new Big(raw).div(divisor).toString();
}
