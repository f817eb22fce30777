import { afterEach, describe, expect, it, vi } from 'vitest';
import { Admission, clientKey, tooManyRequestsMessage, type EventLoopDelayHistogram } from './admission.js';

/** A histogram whose mean delay the test sets (nanoseconds, as node:perf_hooks reports it). */
function fakeHistogram(meanMs = 0): EventLoopDelayHistogram & { meanMs: number; enabled: boolean } {
  return {
    meanMs,
    enabled: false,
    get mean() {
      return this.meanMs * 1e6;
    },
    enable() {
      this.enabled = true;
    },
    disable() {
      this.enabled = false;
    },
    reset() {},
  };
}

const admissions: Admission[] = [];
function admission(options: Partial<ConstructorParameters<typeof Admission>[0]> = {}, histogram = fakeHistogram()) {
  const created = new Admission({ maxInFlight: 100, maxEventLoopDelayMs: 200, ...options }, histogram);
  admissions.push(created);
  return created;
}
afterEach(() => admissions.splice(0).forEach((a) => a.stop()));

describe('admission', () => {
  it('sheds once maxInFlight requests are in flight, and admits again when one is done', () => {
    const gate = admission({ maxInFlight: 2 });
    const first = gate.admit('a');
    const second = gate.admit('b');
    expect([first.kind, second.kind]).toEqual(['admitted', 'admitted']);
    expect(gate.admit('c')).toMatchObject({ kind: 'shed', inFlight: 2 });
    if (first.kind === 'admitted') {
      first.done();
      first.done(); // a second report (close after finish) counts once
    }
    expect(gate.admit('c').kind).toBe('admitted');
    expect(gate.admit('d').kind).toBe('shed');
  });

  it('says how long a limited client waits, in words', () => {
    expect(tooManyRequestsMessage(1)).toBe('Too many requests; please wait 1 second and try again');
    expect(tooManyRequestsMessage(3)).toBe('Too many requests; please wait 3 seconds and try again');
  });

  it('sheds while the event loop lagged more than maxEventLoopDelayMs over the last interval', () => {
    const histogram = fakeHistogram(250);
    const gate = admission({ maxEventLoopDelayMs: 200 }, histogram);
    expect(histogram.enabled).toBe(true);
    expect(gate.admit('a').kind).toBe('admitted'); // nothing sampled yet
    gate.sample();
    expect(gate.admit('a')).toMatchObject({ kind: 'shed', eventLoopDelayMs: 250 });
    histogram.meanMs = 5;
    gate.sample();
    expect(gate.admit('a').kind).toBe('admitted');
    gate.stop();
    expect(histogram.enabled).toBe(false);
  });
  it('gives one client at most maxInFlightPerClient requests in flight (429), the others keep their slots', () => {
    const gate = admission({ maxInFlight: 10, maxInFlightPerClient: 3 });
    const greedy = [gate.admit('10.0.0.1'), gate.admit('10.0.0.1'), gate.admit('10.0.0.1')];
    expect(greedy.map((verdict) => verdict.kind)).toEqual(['admitted', 'admitted', 'admitted']);
    expect(gate.admit('10.0.0.1')).toEqual({ kind: 'limited', reason: 'client-in-flight', retryAfterSeconds: 1 });
    // the same client written IPv4-mapped is the same client
    expect(gate.admit('::ffff:10.0.0.1').kind).toBe('limited');
    expect(gate.admit('10.0.0.2').kind).toBe('admitted');
    expect(gate.load('10.0.0.1')).toEqual({ inFlight: 4, client: 3 });
    const first = greedy[0]!;
    if (first.kind === 'admitted') first.done();
    expect(gate.admit('10.0.0.1').kind).toBe('admitted');
  });

  it('reports why it sheds (saturation), including the probes, and sheds on a probe', () => {
    let databaseBusy = false;
    const gate = admission({ maxInFlight: 2, probes: [() => (databaseBusy ? 'database-queue' : null)] });
    expect(gate.saturation()).toBeNull();
    databaseBusy = true;
    expect(gate.saturation()).toBe('database-queue');
    expect(gate.admit('a')).toMatchObject({ kind: 'shed', reason: 'database-queue' });
    databaseBusy = false;
    gate.admit('a');
    gate.admit('b');
    expect(gate.saturation()).toBe('in-flight');
  });

  it('judges the standing queue by requests that had their bodies, not by ones their clients held back', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const gate = admission({ maxQueueDelayMs: 1_000 });
      // 30 bodies that never finished, cut after 10 s: the clients' time, not a queue here
      const held = Array.from({ length: 30 }, () => gate.admit('10.0.0.1'));
      vi.advanceTimersByTime(10_000);
      for (const verdict of held) if (verdict.kind === 'admitted') verdict.done(false);
      gate.sample();
      expect(gate.saturation()).toBeNull();
      // the same 30 taking 10 s with their bodies in: a standing queue, shed
      const slow = Array.from({ length: 30 }, () => gate.admit('10.0.1.1'));
      vi.advanceTimersByTime(10_000);
      for (const verdict of slow) if (verdict.kind === 'admitted') verdict.done();
      gate.sample();
      expect(gate.saturation()).toBe('standing-queue');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keys IPv6 clients by their /64 and IPv4 ones by the address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
