import { describe, expect, it } from 'vitest';
import { SerialQueueGauge } from './serial-queue.js';

describe('serial queue gauge', () => {
  it('estimates the wait as calls pending × the service time of one call', () => {
    let clock = 0;
    const gauge = new SerialQueueGauge(() => clock, 1);
    expect(gauge.estimatedWaitMs()).toBe(0);
    // five calls start together; a serial resource finishes one every 20 ms
    const ends = Array.from({ length: 5 }, () => gauge.begin());
    expect(gauge.size).toBe(5);
    clock = 20;
    ends[0]!();
    // 4 pending, each 20 ms
    expect(gauge.estimatedWaitMs()).toBe(80);
    clock = 40;
    ends[1]!();
    ends[1]!(); // a second end counts once
    expect(gauge.estimatedWaitMs()).toBe(60);
    clock = 60;
    ends.slice(2).forEach((end) => end());
    expect(gauge.size).toBe(0);
    expect(gauge.estimatedWaitMs()).toBe(0);
  });

  it('a call that starts after the previous one ended is timed from its own start', () => {
    let clock = 0;
    const gauge = new SerialQueueGauge(() => clock, 1);
    const first = gauge.begin();
    clock = 10;
    first();
    clock = 1_000;
    const second = gauge.begin();
    const third = gauge.begin();
    clock = 1_005;
    second();
    expect(gauge.estimatedWaitMs()).toBe(5);
    third();
  });
});
