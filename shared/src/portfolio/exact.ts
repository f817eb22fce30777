/**
 * Exact decimals as scaled integers (value = units ÷ 10^scale, units a BigInt) for the maths run on
 * every row of a holdings listing (docs/decisions.md#exact-decimals-as-scaled-integers): +, − and ×
 * are exact, as big.js's are, division rounds as big.js does (20 decimal places, half away from
 * zero), and toFixed() writes what Big#toFixed() writes (plain digits, no exponent, no trailing
 * zeros, "0" for zero), so the strings answered are the same either way; big.js parses each operand
 * into an array of digits and allocates one per operation, several times the cost of a BigInt.
 */
import Big from 'big.js';
import type { DecimalInput } from '../format/money.js';

const POWERS: bigint[] = [1n];

/** 10^n as a BigInt (kept: a listing uses a handful of scales). */
function pow10(n: number): bigint {
  for (let i = POWERS.length; i <= n; i++) POWERS.push((POWERS[i - 1] as bigint) * 10n);
  return POWERS[n] as bigint;
}

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;
/** Texts already read (an Exact never changes, so one may serve every reader); cleared when full. */
const parsed = new Map<string, Exact>();
const MAX_PARSED = 10_000;
/** big.js's default precision of a division: Big.DP decimal places, rounded half away from zero (Big.RM 1). */
const DIVISION_PLACES = 20;

export class Exact {
  private constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {}

  static readonly ZERO = new Exact(0n, 0);

  /** A decimal string ('-12.50'), a JS number, a Big or an Exact, exactly (as new Big(value) reads it). */
  static of(value: DecimalInput | Exact): Exact {
    if (value instanceof Exact) return value;
    if (typeof value === 'number') {
      if (Number.isSafeInteger(value)) return new Exact(BigInt(value), 0);
      // new Big(number) reads String(number); its plain texts ('0.1', '-12.75') are read here without big.js and
      // without the cache (a computed number seldom comes again); '1e+21', '1.5e-7' and the like through big.js
      const text = String(value);
      if (PLAIN.test(text)) return Exact.parse(text);
    }
    const text = typeof value === 'string' ? value : new Big(value).toFixed();
    // the same texts come again and again (a symbol's close on each of its lots, a rule's rate)
    const known = parsed.get(text);
    if (known) return known;
    const exact = Exact.parse(text);
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(text, exact);
    return exact;
  }

  private static parse(text: string): Exact {
    const match = PLAIN.exec(text);
    // anything else ('1e-7', '.5'): as big.js reads it, written out plainly
    if (!match) return Exact.of(new Big(text).toFixed());
    const [, sign, whole, fraction = ''] = match;
    const units = BigInt(`${whole}${fraction}`);
    return new Exact(sign === '-' ? -units : units, fraction.length);
  }

  private aligned(other: Exact): [bigint, bigint, number] {
    if (this.scale === other.scale) return [this.units, other.units, this.scale];
    if (this.scale > other.scale) return [this.units, other.units * pow10(this.scale - other.scale), this.scale];
    return [this.units * pow10(other.scale - this.scale), other.units, other.scale];
  }

  plus(other: Exact): Exact {
    if (other.units === 0n) return this;
    if (this.units === 0n) return other;
    const [a, b, scale] = this.aligned(other);
    return new Exact(a + b, scale);
  }

  minus(other: Exact): Exact {
    if (other.units === 0n) return this;
    const [a, b, scale] = this.aligned(other);
    return new Exact(a - b, scale);
  }

  times(other: Exact): Exact {
    return new Exact(this.units * other.units, this.scale + other.scale);
  }

  /** The quotient rounded as big.js's div rounds it (20 decimal places, half away from zero). */
  div(other: Exact): Exact {
    if (other.units === 0n) throw new RangeError('Division by zero');
    // (a ÷ 10^sa) ÷ (b ÷ 10^sb) × 10^20 = a × 10^(sb + 20) ÷ (b × 10^sa)
    let numerator = this.units * pow10(other.scale + DIVISION_PLACES);
    let denominator = other.units * pow10(this.scale);
    if (denominator < 0n) {
      numerator = -numerator;
      denominator = -denominator;
    }
    let quotient = numerator / denominator;
    const remainder = numerator % denominator;
    const twice = (remainder < 0n ? -remainder : remainder) * 2n;
    if (twice >= denominator) quotient += numerator < 0n ? -1n : 1n;
    return new Exact(quotient, DIVISION_PLACES);
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  /** −1, 0 or 1. */
  sign(): number {
    return this.units === 0n ? 0 : this.units < 0n ? -1 : 1;
  }

  /**
   * The exact value as Big#toFixed() writes it: '12.5', '-0.0003', '0'; with `places`, as Big#toFixed(places)
   * writes it: rounded to that many decimals half away from zero (Big.RM 1), every decimal written, and a
   * negative value that rounds to zero keeps its sign ('-0.00' for −0.001).
   */
  toFixed(places?: number): string {
    if (places !== undefined) return this.rounded(places);
    this.text ??= this.write();
    return this.text;
  }

  private rounded(places: number): string {
    let units = this.units;
    if (this.scale > places) {
      const divisor = pow10(this.scale - places);
      const remainder = units % divisor;
      units /= divisor;
      if ((remainder < 0n ? -remainder : remainder) * 2n >= divisor) units += this.units < 0n ? -1n : 1n;
    } else units *= pow10(places - this.scale);
    let digits = (units < 0n ? -units : units).toString();
    if (places > 0) {
      if (digits.length <= places) digits = '0'.repeat(places - digits.length + 1) + digits;
      digits = `${digits.slice(0, digits.length - places)}.${digits.slice(digits.length - places)}`;
    }
    return this.units < 0n ? `-${digits}` : digits;
  }

  /** toFixed's text, once per value (a shared value, e.g. a parsed close, is written for each of its holdings). */
  private text: string | undefined;

  private write(): string {
    if (this.units === 0n) return '0';
    const negative = this.units < 0n;
    let digits = (negative ? -this.units : this.units).toString();
    let scale = this.scale;
    if (scale > 0) {
      let end = digits.length;
      while (scale > 0 && digits.charCodeAt(end - 1) === 48) {
        end -= 1;
        scale -= 1;
      }
      digits = digits.slice(0, end);
    }
    if (scale > 0) {
      if (digits.length <= scale) digits = '0'.repeat(scale - digits.length + 1) + digits;
      digits = `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
    }
    return negative ? `-${digits}` : digits;
  }

  toNumber(): number {
    return Number(this.toFixed());
  }
}
