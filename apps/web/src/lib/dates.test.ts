import {
  canonicalTimeZone,
  formatDate,
  formatDateTime,
  formatIsoDateTime,
  formatTime,
  setDateLocale,
  timeZoneNames,
  withDateLocale,
} from '@lyceum/contract/constants';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate as formatDay } from './format-date';
import { formatDateTime as forumDate } from './format';
import { formatDateTime as assessmentDate } from '../features/assessments/format';
import { browserTimeZone, displayTimeZone, setUserTimeZone } from './time-zone';

/** Tuesday 9 December 2025, 14:17 UTC (winter: New York is UTC-5, Tokyo UTC+9). */
const AT = '2025-12-09T14:17:00Z';

afterEach(() => {
  setUserTimeZone(null);
  setDateLocale('en');
});

describe('the one date helper (issue 46.9)', () => {
  it('writes days, moments and times in the zone it is given, in British English', () => {
    expect(formatDate(AT, { timeZone: 'Asia/Tokyo' })).toBe('9 December 2025');
    expect(formatDate(AT, { timeZone: 'Asia/Tokyo', style: 'medium' })).toBe('9 Dec 2025');
    expect(formatDate('2025-12-09T20:00:00Z', { timeZone: 'Asia/Tokyo', style: 'weekday' })).toBe('Wed 10 Dec');
    expect(formatDateTime(AT, { timeZone: 'America/New_York' })).toBe('Tue 9 Dec, 09:17');
    expect(formatDateTime(AT, { timeZone: 'Asia/Tokyo', style: 'medium' })).toBe('9 Dec 2025, 23:17');
    expect(formatTime(AT, { timeZone: 'UTC' })).toBe('14:17');
  });

  it('names the zone when asked (notifications, e-mails) and takes a locale', () => {
    expect(formatDateTime(AT, { timeZone: 'America/New_York', zoneName: true })).toBe('Tue 9 Dec, 09:17 GMT-5');
    expect(formatTime(AT, { timeZone: 'Europe/Paris', zoneName: true })).toBe('15:17 CET');
    expect(formatDate(AT, { timeZone: 'UTC', locale: 'en-US' })).toBe('December 9, 2025');
  });

  it('writes ISO 8601 with the zone’s offset for spreadsheets', () => {
    expect(formatIsoDateTime(AT, 'America/New_York')).toBe('2025-12-09T09:17:00-05:00');
    expect(formatIsoDateTime(AT, 'Asia/Kolkata')).toBe('2025-12-09T19:47:00+05:30');
    expect(formatIsoDateTime(AT)).toBe('2025-12-09T14:17:00Z');
  });

  it('gives nothing for no date or an unreadable one', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatIsoDateTime(undefined)).toBe('');
  });

  it('knows an IANA zone from anything else', () => {
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    for (const bad of ['Mars/Olympus', '+05:00', '', 'Europe/London; x']) expect(canonicalTimeZone(bad)).toBeNull();
    expect(timeZoneNames()).toEqual(expect.arrayContaining(['UTC', 'Asia/Tokyo', 'America/New_York']));
  });
});

describe('screens', () => {
  it('show dates in the user’s zone, else the browser’s', () => {
    expect(displayTimeZone()).toBe(browserTimeZone());
    setUserTimeZone('Asia/Tokyo');
    expect(displayTimeZone()).toBe('Asia/Tokyo');
    expect(forumDate(AT)).toBe('Tue 9 Dec, 11:17 pm');
    expect(assessmentDate(AT)).toBe('9 Dec 2025, 23:17');
    expect(formatDay('2025-12-09T20:00:00Z')).toBe('10 December 2025');
    // A zone given by the caller (UTC while a page hydrates) wins.
    expect(formatDay('2025-12-09T20:00:00Z', 'UTC')).toBe('9 December 2025');
  });
});

describe('dates in the page’s language (issue 47)', () => {
  it('follow the language the page is shown in, English written as before', () => {
    setUserTimeZone('UTC');
    expect(forumDate(AT)).toBe('Tue 9 Dec, 2:17 pm');
    setDateLocale('es');
    expect(forumDate(AT)).toBe('mar, 9 dic, 2:17 p. m.');
    expect(formatDay(AT)).toBe('9 de diciembre de 2025');
    setDateLocale('ar');
    expect(formatDay(AT)).toMatch(/ديسمبر/);
    setDateLocale('en-XA');
    expect(formatDay(AT)).toBe('9 December 2025');
  });

  it('are the page’s language only while a server render runs', () => {
    setUserTimeZone('UTC');
    expect(withDateLocale('es', () => formatDay(AT))).toBe('9 de diciembre de 2025');
    expect(formatDay(AT)).toBe('9 December 2025');
    expect(() =>
      withDateLocale('ar', () => {
        throw new Error('render failed');
      }),
    ).toThrow('render failed');
    expect(formatDay(AT)).toBe('9 December 2025');
  });
});
