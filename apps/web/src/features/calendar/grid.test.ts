import { describe, expect, it } from 'vitest';
import { addDays, dayOf, daysOf, rangeOf, stepAnchor, weekStart } from './grid';

describe('calendar days', () => {
  it('puts an instant on the day of the reader’s zone', () => {
    // 16:30 UTC on 15 January is already the 16th in Tokyo, still the 15th in New York.
    expect(dayOf('2030-01-15T16:30:00Z', 'Asia/Tokyo')).toBe('2030-01-16');
    expect(dayOf('2030-01-15T16:30:00Z', 'America/New_York')).toBe('2030-01-15');
  });

  it('shows a month as whole weeks from Monday, a week from its Monday', () => {
    const january = daysOf('month', '2030-01-15');
    // 1 January 2030 is a Tuesday; 31 January a Thursday.
    expect(january[0]).toBe('2029-12-31');
    expect(january.at(-1)).toBe('2030-02-03');
    expect(january).toHaveLength(35);
    expect(daysOf('week', '2030-01-15')).toEqual([
      '2030-01-14',
      '2030-01-15',
      '2030-01-16',
      '2030-01-17',
      '2030-01-18',
      '2030-01-19',
      '2030-01-20',
    ]);
    expect(weekStart('2030-01-20')).toBe('2030-01-14');
    expect(addDays('2030-02-28', 1)).toBe('2030-03-01');
  });

  it('steps by a month from the 31st without skipping one, and asks for at most 44 days', () => {
    expect(stepAnchor('month', '2030-01-31', 1)).toBe('2030-02-01');
    expect(stepAnchor('month', '2030-01-31', -1)).toBe('2029-12-01');
    expect(stepAnchor('week', '2030-01-15', -1)).toBe('2030-01-08');
    // A six-week month (March 2031 starts on a Saturday and ends on a Monday).
    const march = daysOf('month', '2031-03-10');
    expect(march).toHaveLength(42);
    const { from, to } = rangeOf(march);
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBeLessThanOrEqual(44);
    expect(from).toBe('2031-02-23T10:00:00.000Z');
  });
});
