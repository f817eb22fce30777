/**
 * The Developer page's rules apart from its layout (docs/product/developer.md#developer). Expected words worked by
 * hand from the times given: the server's flags decide expired and expiring soon, the page counts whole days left.
 */
import { describe, expect, it } from 'vitest';
import {
  expiryState,
  keysNeedingAttention,
  lastUsedText,
  scopeEnums,
  scopeNames,
  type ApiKeyRow,
} from './api-key-view';

const NOW = new Date('2026-03-10T06:30:00Z');

function key(overrides: Partial<ApiKeyRow>): ApiKeyRow {
  return {
    id: '1',
    name: 'sync',
    scopes: ['MARKET_READ'],
    prefix: 'bzk_abc',
    createdAt: '2026-01-01T00:00:00Z',
    expiresAt: '2026-06-01T00:00:00Z',
    lastUsedAt: null,
    lastUsedFrom: null,
    expiresSoon: false,
    expired: false,
    ...overrides,
  };
}

describe('expiryState', () => {
  it('says nothing of a key far from its expiry', () => {
    expect(expiryState(key({}), NOW)).toEqual({ kind: 'later', text: '' });
  });
  it('counts whole days left, rounded up, for a key the server flags as expiring soon', () => {
    // 10-Mar 06:30 → 13-Mar 06:30 is exactly 3 days; one minute later is 2 days 23 h 59 min: still "3 days"
    expect(expiryState(key({ expiresSoon: true, expiresAt: '2026-03-13T06:30:00Z' }), NOW).text).toBe(
      'Expires in 3 days',
    );
    expect(expiryState(key({ expiresSoon: true, expiresAt: '2026-03-13T06:29:00Z' }), NOW).text).toBe(
      'Expires in 3 days',
    );
    // 30 hours left → 1.25 days → 2
    expect(expiryState(key({ expiresSoon: true, expiresAt: '2026-03-11T12:30:00Z' }), NOW)).toEqual({
      kind: 'soon',
      text: 'Expires in 2 days',
    });
  });
  it('says "within a day" under 24 hours', () => {
    expect(expiryState(key({ expiresSoon: true, expiresAt: '2026-03-10T07:00:00Z' }), NOW).text).toBe(
      'Expires within a day',
    );
  });
  it('trusts the server for an expired key even when the local clock is behind', () => {
    expect(expiryState(key({ expired: true, expiresAt: '2026-03-10T07:00:00Z' }), NOW)).toEqual({
      kind: 'expired',
      text: 'Expired',
    });
  });
});

describe('lastUsedText', () => {
  it('gives the time in India and the address', () => {
    // 05:00 UTC is 10:30 in India
    expect(lastUsedText(key({ lastUsedAt: '2026-03-09T05:00:00Z', lastUsedFrom: '203.0.113.7' }))).toBe(
      '09-Mar-2026 10:30 from 203.0.113.7',
    );
  });
  it('says never for an unused key', () => {
    expect(lastUsedText(key({}))).toBe('Never used');
  });
});

describe('scopes', () => {
  it('sends the picked scopes as the schema names them, in one order whatever the order of the clicks', () => {
    expect(scopeEnums(['portfolio:write', 'market:read'])).toEqual(['MARKET_READ', 'PORTFOLIO_WRITE']);
  });
  it('shows the scopes as integrators write them', () => {
    expect(scopeNames(key({ scopes: ['MARKET_READ', 'PORTFOLIO_READ'] }))).toEqual(['market:read', 'portfolio:read']);
  });
});

describe('keysNeedingAttention', () => {
  it('counts expired keys and those expiring soon apart', () => {
    const keys = [key({ expired: true }), key({ expiresSoon: true }), key({ expiresSoon: true }), key({})];
    expect(keysNeedingAttention(keys)).toEqual({ expired: 1, expiringSoon: 2 });
  });
});
