/**
 * What a production JWT_SECRET must be (docs/decisions.md#production-refuses-a-known-or-short-jwt-secret): at
 * least 32 bytes, not a value published in this repository (the example environment files) nor a well-known
 * placeholder, and not a run of a few repeated characters. Anyone who knows the secret can sign an admin token,
 * so a secret that can be read on GitHub is no secret. Development and tests are not checked (an unset secret
 * is generated once and kept in DATA_DIR).
 */

export const MIN_JWT_SECRET_BYTES = 32;

/** How to make a good one: told in every refusal. */
export const GENERATE_JWT_SECRET_HINT =
  "generate one with `openssl rand -base64 48` or `node -e \"console.log(require('crypto').randomBytes(48).toString('base64'))\"`";

/**
 * Secrets published with the project: docker/.env.example (a test checks that every JWT_SECRET in the
 * repository's example files is in this list), and common copy-paste placeholders of tutorials and templates.
 */
export const KNOWN_JWT_SECRETS: readonly string[] = [
  'change-me-to-a-long-random-secret-of-48-chars',
  'your-256-bit-secret',
  'your_jwt_secret',
  'your-jwt-secret',
  'your-secret-key',
  'supersecretkey',
  'super-secret-key',
  'secretkey',
  'jwt_secret',
  'jwtsecret',
  'changeme',
  'change-me',
  'changeit',
  'secret',
  'password',
];

/** Words that mark a value as a placeholder rather than a generated secret (compared without punctuation). */
const PLACEHOLDER_WORDS = [
  'changeme',
  'changeit',
  'replaceme',
  'placeholder',
  'yoursecret',
  'your256bitsecret',
  'example',
  'insertyour',
];

/** Fewer distinct characters than this is a typed pattern, not a random value (48 random base64 bytes have ~40). */
const MIN_DISTINCT_CHARACTERS = 10;

function normalised(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const KNOWN_NORMALISED = new Set(KNOWN_JWT_SECRETS.map(normalised));

/** Why `secret` must not sign production tokens, or undefined when it may. */
export function jwtSecretProblem(secret: string): string | undefined {
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes < MIN_JWT_SECRET_BYTES) {
    return `JWT_SECRET is ${bytes} bytes long; production needs at least ${MIN_JWT_SECRET_BYTES} random bytes: ${GENERATE_JWT_SECRET_HINT}`;
  }
  const plain = normalised(secret);
  if (KNOWN_NORMALISED.has(plain) || PLACEHOLDER_WORDS.some((word) => plain.includes(word))) {
    return `JWT_SECRET is a published example or placeholder value, so anyone could sign tokens with it: ${GENERATE_JWT_SECRET_HINT}`;
  }
  if (new Set(secret).size < MIN_DISTINCT_CHARACTERS) {
    return `JWT_SECRET repeats a few characters and is easy to guess: ${GENERATE_JWT_SECRET_HINT}`;
  }
  return undefined;
}
