import { describe, expect, it } from 'vitest';
import { StandingQueueDetector } from './standing-queue.js';

describe('standing queue detector', () => {
  it('is overloaded only after an interval in which enough requests finished and all were slow', () => {
    const detector = new StandingQueueDetector(500, 20);
    // 19 slow requests: too few to judge
    for (let i = 0; i < 19; i++) detector.record(900);
    detector.tick();
    expect(detector.overloaded).toBe(false);
    // 20 slow ones: a standing queue
    for (let i = 0; i < 20; i++) detector.record(501);
    detector.tick();
    expect(detector.overloaded).toBe(true);
    // busy but not queued: one fast request among slow ones clears it
    for (let i = 0; i < 30; i++) detector.record(2_000);
    detector.record(40);
    detector.tick();
    expect(detector.overloaded).toBe(false);
    // an idle interval clears it too
    for (let i = 0; i < 25; i++) detector.record(800);
    detector.tick();
    expect(detector.overloaded).toBe(true);
    detector.tick();
    expect(detector.overloaded).toBe(false);
  });
});
