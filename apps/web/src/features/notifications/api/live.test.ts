import { describe, expect, it } from 'vitest';
import { RECONNECT_CAP_MS, reconnectDelay } from './live';

describe('live stream reconnect back-off', () => {
  it('tries again within half a second of a drop', () => {
    expect(reconnectDelay(0, 0)).toBe(250);
    expect(reconnectDelay(0, 0.999)).toBeLessThanOrEqual(500);
  });

  it('doubles from try to try, never beyond a few seconds (a restarted server is heard again quickly)', () => {
    expect(RECONNECT_CAP_MS).toBeLessThanOrEqual(5000);
    const worst = Array.from({ length: 50 }, (_, attempt) => reconnectDelay(attempt, 1));
    expect(worst.slice(0, 5)).toEqual([500, 1000, 2000, 4000, 4000]);
    expect(Math.max(...worst)).toBe(RECONNECT_CAP_MS);
    // A server down for 10 s is reached again by the fifth try at the latest: 0.5 + 1 + 2 + 4 + 4 s.
    expect(worst.slice(0, 5).reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(11_500);
  });

  it('spreads the tabs of one restart over the upper half of each wait', () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const ceiling = reconnectDelay(attempt, 1);
      expect(reconnectDelay(attempt, 0)).toBe(ceiling / 2);
      expect(reconnectDelay(attempt, 0.5)).toBe((ceiling * 3) / 4);
    }
  });
});
