/**
 * JWT_SECRET rules (docs/decisions.md#production-refuses-a-known-or-short-jwt-secret): production refuses a secret
 * shorter than 32 bytes, a value published in the repository's example files and common placeholders, each
 * with a message saying how to generate one; a long random secret starts; development and tests are unaffected,
 * and with no JWT_SECRET the generated secret of DATA_DIR is used (48 random bytes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { KNOWN_JWT_SECRETS } from '../../src/auth/secret-rules.js';
import { loadOrCreateSecret } from '../../src/auth/tokens.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every JWT_SECRET value written in the repository's example environment files and compose defaults. */
function publishedSecrets(): string[] {
  const files = [path.join(ROOT, 'docker/.env.example'), path.join(ROOT, 'docker/compose.yml')];
  for (const dir of ['', 'api', 'bff', 'web', 'docker']) {
    const full = path.join(ROOT, dir);
    for (const name of fs.readdirSync(full)) {
      if (/\.example$|^\.env\.[\w-]+$/.test(name) && !name.endsWith('.local')) files.push(path.join(full, name));
    }
  }
  return [...new Set(files)]
    .filter((file) => fs.existsSync(file))
    .flatMap((file) => secretsIn(fs.readFileSync(file, 'utf8')));
}

/** KEY=value (env files), KEY: value and ${KEY:-default} (compose); a reference like ${JWT_SECRET:?…} is no value. */
function secretsIn(text: string): string[] {
  const values = [
    ...[...text.matchAll(/(?<!\$\{)JWT_SECRET[ \t]*[=:][ \t]*['"]?([^\s'"#]+)/g)].map((match) => match[1]!),
    ...[...text.matchAll(/\$\{JWT_SECRET:-([^}]+)\}/g)].map((match) => match[1]!),
  ];
  return values.filter((value) => !value.startsWith('$'));
}

const production = (secret: string | undefined) => () =>
  loadConfig({ NODE_ENV: 'production', ...(secret === undefined ? {} : { JWT_SECRET: secret }) });

const HINT = /openssl rand -base64 48/;

describe('JWT_SECRET in production', () => {
  // docker/.env.example shipped this value until it was left empty; copies of it live on
  const formerExample = 'change-me-to-a-long-random-secret-of-48-chars';

  it('lists every JWT_SECRET value of the example files as known', () => {
    expect(secretsIn('A=1\nJWT_SECRET=abc-def\nB=2')).toEqual(['abc-def']);
    expect(secretsIn('JWT_SECRET=\nWEB_URL=x')).toEqual([]);
    expect(secretsIn("  JWT_SECRET: 'lit'\n  X: ${JWT_SECRET:-dflt}\n  Y: ${JWT_SECRET:?set it}")).toEqual([
      'lit',
      'dflt',
    ]);
    for (const value of publishedSecrets()) expect(KNOWN_JWT_SECRETS).toContain(value);
  });

  it('refuses every published example value with how to generate a secret', () => {
    for (const value of [...publishedSecrets(), formerExample]) {
      expect(production(value)).toThrow(/JWT_SECRET: .*published example or placeholder/);
      expect(production(value)).toThrow(HINT);
    }
  });

  it('refuses a secret shorter than 32 bytes, in bytes', () => {
    // 23 random bytes in base64: 32 ASCII characters, so 32 bytes
    const exact = randomBytes(23).toString('base64');
    expect(Buffer.byteLength(exact)).toBe(32);
    expect(production(exact.slice(0, 31))).toThrow(
      /JWT_SECRET must be at least 32 bytes: generate one with `openssl rand -base64 48`/,
    );
    expect(production(exact)).not.toThrow();
    // 16 two-byte characters are 32 bytes
    expect(production('ÄäÖöÜüßéèêëáàâíì')).not.toThrow();
    expect(production('ÄäÖöÜüßéèêëáàâí')).toThrow(/30 bytes long|at least 32 bytes/);
  });

  it('refuses well-known placeholders padded to length and repeated characters', () => {
    expect(production('your-256-bit-secret-your-256-bit-secret')).toThrow(/placeholder/);
    expect(production('CHANGE_ME_CHANGE_ME_CHANGE_ME_CHANGE_ME')).toThrow(/placeholder/);
    expect(production('replace-me-with-a-real-secret-please!!')).toThrow(/placeholder/);
    expect(production('a'.repeat(64))).toThrow(/repeats a few characters/);
    expect(production('abababababababababababababababab12')).toThrow(/repeats a few characters/);
  });

  it('accepts a long random secret, and no secret at all (one is generated in DATA_DIR)', () => {
    const secret = randomBytes(48).toString('base64');
    expect(production(secret)().jwtSecret).toBe(secret);
    expect(production(undefined)().jwtSecret).toBeUndefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-secret-'));
    try {
      const generated = loadOrCreateSecret(dir);
      expect(Buffer.from(generated, 'base64url').length).toBe(48);
      expect(loadOrCreateSecret(dir)).toBe(generated);
      expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: generated })).not.toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('JWT_SECRET in development and tests', () => {
  it('keeps the example value working outside production', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const config = loadConfig({ NODE_ENV, JWT_SECRET: 'change-me-to-a-long-random-secret-of-48-chars' });
      expect(config.jwtSecret).toBe('change-me-to-a-long-random-secret-of-48-chars');
      expect(loadConfig({ NODE_ENV }).jwtSecret).toBeUndefined();
    }
  });
});
