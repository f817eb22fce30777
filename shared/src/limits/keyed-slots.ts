/**
 * A few slots per key (a client address, an account): how many of something one key may hold at once
 * (open connections, password checks), so one client cannot take what every client shares. Taking a
 * slot answers a release function, or undefined when the key holds all of its slots: the caller
 * refuses at once, before doing any work for it (KeyedLane: waits in a short line first). Used by the
 * connection cap of both services (docs/decisions.md#connections-capped-per-address) and by the API's
 * login and sign-up (docs/decisions.md#password-work-one-at-a-time-per-address). Free of Node
 * imports: web imports the package.
 */
import { clientKey } from './admission.js';

export class KeyedSlots {
  private readonly held = new Map<string, number>();

  constructor(private readonly perKey: number) {}

  /** Takes one of the key's slots; the returned function gives it back (once, however often called). */
  take(key: string): (() => void) | undefined {
    const count = this.held.get(key) ?? 0;
    if (count >= this.perKey) return undefined;
    this.held.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(key) ?? 1) - 1;
      // keys without slots are forgotten: the map holds only clients with something open
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    };
  }

  /** Slots the key holds now. */
  count(key: string): number {
    return this.held.get(key) ?? 0;
  }

  /** Keys holding at least one slot. */
  get size(): number {
    return this.held.size;
  }
}

/**
 * Slots per key with a short waiting line: a key with all its slots taken waits its turn (in order)
 * while fewer than `queuePerKey` of its own wait, else it is refused at once. For work that people
 * behind one address may ask for at the same moment (logins), where a refusal would be unkind but
 * one address must not hold more than its slots.
 */
export class KeyedLane {
  private readonly keys = new Map<string, { running: number; waiting: Array<() => void> }>();

  constructor(
    private readonly perKey: number,
    private readonly queuePerKey: number,
  ) {}

  /** A release once the key has a slot; undefined at once when its slots and its waiting line are full. */
  async enter(key: string): Promise<(() => void) | undefined> {
    let entry = this.keys.get(key);
    if (!entry) this.keys.set(key, (entry = { running: 0, waiting: [] }));
    if (entry.running >= this.perKey) {
      if (entry.waiting.length >= this.queuePerKey) return undefined;
      // the slot is handed over by the release below (running stays counted)
      await new Promise<void>((resolve) => entry.waiting.push(resolve));
    } else {
      entry.running++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = entry.waiting.shift();
      if (next) return next();
      entry.running--;
      if (entry.running === 0) this.keys.delete(key);
    };
  }

  /** Running and waiting of a key (tests). */
  load(key: string): { running: number; waiting: number } {
    const entry = this.keys.get(key);
    return { running: entry?.running ?? 0, waiting: entry?.waiting.length ?? 0 };
  }

  /** Keys with something running or waiting. */
  get size(): number {
    return this.keys.size;
  }
}

/** The part of a net.Socket the connection cap uses. */
export interface CappedSocket {
  remoteAddress?: string | undefined;
  once(event: 'close', listener: () => void): unknown;
  destroy(): unknown;
  /** Node 18.3+: closes with a TCP reset (nothing more is read, written or waited for). */
  resetAndDestroy?(): unknown;
}

export interface ConnectionCapOptions {
  /** Open connections one client address may hold (IPv6 counted by /64, as clientKey). */
  perClient: number;
  /**
   * Addresses whose connections carry many clients (trusted proxies: a load balancer, the BFF at the
   * API): never capped here; the per-client limits after the headers count their clients.
   */
  exempt: (address: string) => boolean;
}

/**
 * Open connections per client address, decided when a connection is accepted (the server's
 * 'connection' event), before a byte of it is parsed: a connection beyond the address's share is
 * reset at once. Why at accept time: every request refused over HTTP (429) still costs parsing, a
 * middleware chain and an answer on the server's one event loop; 600 connections reopened every
 * second by one address made that the servers' main work (docs/decisions.md#connections-capped-per-address).
 */
export class ConnectionCap {
  private readonly slots: KeyedSlots;
  /** Connections reset since the start (logs, tests). */
  refused = 0;

  constructor(private readonly options: ConnectionCapOptions) {
    this.slots = new KeyedSlots(options.perClient);
  }

  /** Call on every accepted connection: false when it was over its address's share (and is being reset). */
  admit(socket: CappedSocket): boolean {
    const address = socket.remoteAddress;
    // a socket already closed has no address; trusted proxies carry many clients
    if (!address || this.options.exempt(address)) return true;
    const release = this.slots.take(clientKey(address));
    if (!release) {
      this.refused++;
      if (socket.resetAndDestroy) socket.resetAndDestroy();
      else socket.destroy();
      return false;
    }
    socket.once('close', release);
    return true;
  }

  /** Connections one address holds now (tests). */
  held(address: string): number {
    return this.slots.count(clientKey(address));
  }
}
