import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime } from './format';

describe('forum dates', () => {
  it('shows weekday, month, day, hour and minute in 12-hour format', () => {
    expect(formatDateTime('2026-11-22T16:05:00Z', 'UTC')).toBe('Sun 22 Nov, 4:05 pm');
  });

  it('writes midnight and noon as 12 am and 12 pm', () => {
    expect(formatDateTime('2026-11-22T00:05:00Z', 'UTC')).toBe('Sun 22 Nov, 12:05 am');
    expect(formatDateTime('2026-11-23T12:00:00Z', 'UTC')).toBe('Mon 23 Nov, 12:00 pm');
  });

  it("uses the reader's time zone", () => {
    expect(formatDateTime('2026-11-22T16:05:00Z', 'America/New_York')).toBe('Sun 22 Nov, 11:05 am');
    expect(formatDateTime('2026-11-22T23:30:00Z', 'Asia/Tokyo')).toBe('Mon 23 Nov, 8:30 am');
  });

  it('uses plain spaces only, and nothing for an unreadable date', () => {
    expect(formatDateTime(new Date('2026-01-01T09:07:00Z'), 'UTC')).toMatch(/^[\w ,:]+$/);
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('counts', () => {
  it('groups thousands', () => {
    expect(formatCount(12345)).toBe('12,345');
  });
});
