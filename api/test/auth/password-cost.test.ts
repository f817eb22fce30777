/**
 * scrypt's cost: OWASP's N=2^15 (r=8, p=3) unless PASSWORD_HASH_COST says otherwise, and never less in
 * production. Test runs lower it (test/setup/test-config.ts); these checks keep the production value.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import {
  PRODUCTION_PASSWORD_HASH_COST,
  configurePasswordHashing,
  hashPassword,
  verifyPassword,
} from '../../src/auth/password.js';

const lanes = { concurrency: 2, queue: 64 };
const production = { NODE_ENV: 'production', JWT_SECRET: randomBytes(48).toString('base64') };

describe('password hashing cost', () => {
  afterEach(() => configurePasswordHashing(lanes));

  it('is 32768 by default, in every mode', () => {
    expect(PRODUCTION_PASSWORD_HASH_COST).toBe(32768);
    expect(loadConfig({}).passwordHashing.cost).toBe(32768);
    expect(loadConfig({ NODE_ENV: 'test' }).passwordHashing.cost).toBe(32768);
    expect(loadConfig(production).passwordHashing.cost).toBe(32768);
  });

  it('refuses less than 32768 in production, and a cost that is not a power of 2 anywhere', () => {
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: '16384' })).toThrow(
      /PASSWORD_HASH_COST: at least 32768 in production/,
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: '1000' })).toThrow(/power of 2/);
    expect(loadConfig({ PASSWORD_HASH_COST: '1024' }).passwordHashing.cost).toBe(1024);
  });

  it('hashes at N=2^15, r=8, p=3 unless configured, and checks each hash at the cost stored with it', async () => {
    configurePasswordHashing(lanes);
    const owasp = await hashPassword('Secret#123');
    expect(owasp).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    configurePasswordHashing({ ...lanes, cost: 1024 });
    const cheap = await hashPassword('Secret#123');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$3\$/);
    // a hash made at another cost still verifies: the cost travels with the hash
    expect(await verifyPassword('Secret#123', owasp)).toBe(true);
    expect(await verifyPassword('Secret#123', cheap)).toBe(true);
    expect(await verifyPassword('Secret#124', owasp)).toBe(false);
  });
});
