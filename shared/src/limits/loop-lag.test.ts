import { describe, expect, it } from 'vitest';
import { LoopLag } from './loop-lag.js';

describe('loop lag', () => {
  it('is the time since the timer last ran beyond its period, and 0 when it runs on time', () => {
    let clock = 1_000;
    const lag = new LoopLag(20, () => clock);
    try {
      clock = 1_015;
      expect(lag.currentMs()).toBe(0);
      // the loop held for 1.2 s: requests handled now waited that long
      clock = 2_220;
      expect(lag.currentMs()).toBe(1_200);
      lag.tick();
      clock = 2_230;
      expect(lag.currentMs()).toBe(0);
    } finally {
      lag.stop();
    }
  });

  it('a real timer keeps it near 0 on an idle loop and it grows while the loop is held', async () => {
    const lag = new LoopLag(10);
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lag.currentMs()).toBeLessThan(200);
      const until = performance.now() + 300;
      while (performance.now() < until) {
        // hold the loop
      }
      expect(lag.currentMs()).toBeGreaterThanOrEqual(250);
    } finally {
      lag.stop();
    }
  });
});
