import { afterEach, describe, expect, it, vi } from 'vitest';
import { BodyDeadlines, rawHttpAnswer, serverTimeouts, type WatchedBody } from './body-deadlines.js';

let clock = 0;
const deadlines: BodyDeadlines[] = [];
function watcher(options = { bodyTimeoutMs: 1_000, uploadTimeoutMs: 10_000, uploadMinBytesPerSecond: 100 }) {
  const created = new BodyDeadlines(options, () => clock);
  deadlines.push(created);
  return created;
}
afterEach(() => {
  deadlines.splice(0).forEach((d) => d.stop());
  clock = 0;
});

function body(upload = false): WatchedBody & { bytes: number; done: boolean; cuts: number } {
  return {
    bytes: 0,
    done: false,
    cuts: 0,
    upload,
    received() {
      return this.bytes;
    },
    complete() {
      return this.done;
    },
    cut() {
      this.cuts++;
    },
  };
}

describe('body deadlines', () => {
  it('does not count a stall of the server’s own event loop against a body, but counts time that passes', () => {
    vi.useFakeTimers();
    try {
      const watch = watcher();
      const stalled = body(true);
      watch.watch(stalled);
      // the loop held for 5 s (five body timeouts): the timer's next sweep comes that late, nothing was read
      clock = 5_000;
      vi.advanceTimersByTime(200);
      expect(stalled.cuts).toBe(0);
      // then time passes with the loop free and still no byte arrives: cut after bodyTimeoutMs of it
      // (a sweep up to two intervals late is on time: 400 ms of the stall count)
      for (let tick = 1; tick <= 2; tick++) {
        clock = 5_000 + tick * 200;
        vi.advanceTimersByTime(200);
      }
      expect(stalled.cuts).toBe(0);
      for (let tick = 3; tick <= 4; tick++) {
        clock = 5_000 + tick * 200;
        vi.advanceTimersByTime(200);
      }
      expect(stalled.cuts).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cuts an ordinary body not complete within bodyTimeoutMs, once, and leaves complete ones alone', () => {
    const watch = watcher();
    const slow = body();
    const quick = body();
    watch.watch(slow);
    watch.watch(quick);
    clock = 500;
    quick.done = true;
    watch.sweep();
    expect(watch.size).toBe(1);
    clock = 999;
    watch.sweep();
    expect(slow.cuts).toBe(0);
    clock = 1_000;
    watch.sweep();
    watch.sweep();
    expect([slow.cuts, quick.cuts, watch.size]).toEqual([1, 0, 0]);
  });

  it('lets an upload go on while it moves at the minimum rate in every window, up to uploadTimeoutMs', () => {
    const watch = watcher();
    const moving = body(true);
    const stalled = body(true);
    watch.watch(moving);
    watch.watch(stalled);
    // 100 bytes/s minimum: 150 bytes per 1 s window keeps going; the stalled one sent 150 then nothing
    for (let second = 1; second <= 9; second++) {
      moving.bytes += 150;
      if (second === 1) stalled.bytes = 150;
      clock = second * 1_000;
      watch.sweep();
    }
    expect(moving.cuts).toBe(0);
    expect(stalled.cuts).toBe(1);
    clock = 10_000;
    moving.bytes += 150;
    watch.sweep();
    expect(moving.cuts).toBe(1); // uploadTimeoutMs reached
  });

  it('a watch ended by the answer is not cut later', () => {
    const watch = watcher();
    const answered = body();
    const stop = watch.watch(answered);
    stop();
    clock = 5_000;
    watch.sweep();
    expect(answered.cuts).toBe(0);
  });

  it('writes a whole HTTP answer with its length, and maps the limits to Node server settings', () => {
    const answer = rawHttpAnswer(408, 'Request Timeout', { message: 'é' });
    expect(answer.startsWith('HTTP/1.1 408 Request Timeout\r\n')).toBe(true);
    expect(answer).toContain('Connection: close\r\n');
    expect(answer).toContain(`Content-Length: ${Buffer.byteLength('{"message":"é"}')}\r\n\r\n{"message":"é"}`);
    expect(
      serverTimeouts({
        headersTimeoutMs: 10_000,
        bodyTimeoutMs: 10_000,
        uploadTimeoutMs: 300_000,
        keepAliveTimeoutMs: 5_000,
      }),
    ).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 310_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1_000,
    });
  });
});
