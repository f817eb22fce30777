/**
 * Password hashing with scrypt at one of OWASP's recommended settings (N=2^15, r=8, p=3: 32 MiB,
 * OWASP Password Storage Cheat Sheet). The parameters are stored with the hash so they can be
 * raised later without breaking existing accounts.
 *
 * scrypt runs on libuv's thread pool (4 threads by default), first come first served: 80 sign-ups
 * at once queued 80 hashes in front of everyone's login. So hashing goes through two lanes, each a
 * small semaphore with a bounded queue: new hashes (sign-up, password changes) and checks (login,
 * current password). A flood of one lane never holds more than its own threads, and a full queue
 * answers 503 at once instead of waiting (docs/decisions.md#bounded-password-hashing). One client
 * address has one slot of password work at a time (passwordWorkFor), so it cannot fill the lanes alone.
 * N is configurable (PASSWORD_HASH_COST) so that test runs, which hash thousands of passwords, can
 * lower it; production refuses anything below OWASP's value.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { clientKey, KeyedLane } from '@bazaar/shared';
import { ServiceUnavailableError, TooManyRequestsError } from '../errors.js';

/** OWASP's N, the default of PASSWORD_HASH_COST; production refuses less (config.ts). */
export const PRODUCTION_PASSWORD_HASH_COST = 2 ** 15;
/** N of new hashes: the configured cost (tests lower it; checks always use the cost stored in the hash). */
let N = PRODUCTION_PASSWORD_HASH_COST;
const R = 8;
const P = 3;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** At most `concurrency` tasks at once; up to `queue` more wait in order; beyond that, 503. */
export class HashLane {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private concurrency: number,
    private queue: number,
  ) {}

  configure(concurrency: number, queue: number): void {
    this.concurrency = concurrency;
    this.queue = queue;
    this.startWaiting();
  }

  /** Tasks running now and waiting (for tests and health figures). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue)
        throw new ServiceUnavailableError('The server is busy checking passwords; please try again in a moment');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      this.running--;
      this.startWaiting();
    }
  }

  private startWaiting(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      this.running++;
      this.waiting.shift()?.();
    }
  }
}

/** New hashes: sign-up, password reset and change, accounts made by administrators. */
export const hashingLane = new HashLane(2, 64);
/** Checks of a password against its hash: login and the current password of a profile change. */
export const verifyingLane = new HashLane(2, 256);

/** Password work of one client address that may wait for its slot; more is refused (429) at once. */
const CLIENT_WAITING_LINE = 8;
/** Password work (a login's check, a sign-up's hash) in progress per client address. */
let clientLane = new KeyedLane(1, CLIENT_WAITING_LINE);

/**
 * Sets both lanes from the configuration (the thread pool is the process's, so the lanes are too).
 * Logins are what people wait for: their lane has at least 2 slots and a queue four times as long.
 */
export function configurePasswordHashing(options: {
  concurrency: number;
  queue: number;
  perClient?: number;
  cost?: number;
}): void {
  N = options.cost ?? PRODUCTION_PASSWORD_HASH_COST;
  hashingLane.configure(options.concurrency, options.queue);
  verifyingLane.configure(Math.max(2, options.concurrency), options.queue * 4);
  clientLane = new KeyedLane(options.perClient ?? 1, CLIENT_WAITING_LINE);
}

export const PASSWORD_BUSY_MESSAGE = 'Too many logins from this address at once; please try again in a moment';

/**
 * Waits for one of the client address's slots of password work (PASSWORD_HASHES_PER_CLIENT, 1 by
 * default) and answers its release; throws 429 at once when the address already has its slots and
 * a waiting line of 8. Without it, one client's parallel guesses filled both lanes and took every
 * core from the others (docs/decisions.md#password-work-one-at-a-time-per-address). Called before
 * any lookup: a refusal costs nothing, and a guess that waited meets the failed-login limits of the
 * guesses before it.
 */
export async function passwordWorkFor(address: string): Promise<() => void> {
  const release = await clientLane.enter(clientKey(address));
  if (!release) throw new TooManyRequestsError(PASSWORD_BUSY_MESSAGE, 1);
  return release;
}

/** What hashing has cost: the hashes computed, and a moving average of one hash's own time (not its wait). */
export const hashingStats = { computed: 0, typicalMs: 100 };

/**
 * Waits for a slot of the new-password lane and holds it as long as a hash usually takes, computing
 * nothing: a sign-up with a taken name then answers in the time of a new one, under load too.
 */
export async function waitAsLongAsAHash(): Promise<void> {
  await hashingLane.run(() => sleep(hashingStats.typicalMs));
}

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function maxmem(n: number, r: number, p: number): number {
  // scrypt needs 128 * N * r * p bytes (plus a little); Node's default cap is 32 MiB
  return 128 * n * r * p + 16 * 1024 * 1024;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const n = N;
  const key = await hashingLane.run(async () => {
    const started = performance.now();
    const computed = await scrypt(password, salt, KEY_LENGTH, { N: n, r: R, p: P, maxmem: maxmem(n, R, P) });
    hashingStats.computed++;
    hashingStats.typicalMs = hashingStats.typicalMs * 0.8 + (performance.now() - started) * 0.2;
    return computed;
  });
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  if (!Number.isInteger(n) || !Number.isInteger(r) || !Number.isInteger(p) || expected.length === 0) return false;
  const key = await verifyingLane.run(() =>
    scrypt(password, salt, expected.length, { N: n, r, p, maxmem: maxmem(n, r, p) }),
  );
  return timingSafeEqual(key, expected);
}

/** A hash of a random password: verifying against it costs the same as a real account. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
    // a busy lane at start-up must not leave a failed promise behind for every later login
    dummyHash = undefined;
    throw error;
  });
  return dummyHash;
}
