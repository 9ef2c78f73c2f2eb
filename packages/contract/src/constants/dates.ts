/**
 * Dates as people read them (issue 46.9, ADR 050): every date on a screen, in a notification, an e-mail, a CSV file
 * or a certificate is written by these functions, through `Intl`, in the reader's time zone. Nothing else formats a
 * date (ESLint bans `toLocale*String` and `Intl.DateTimeFormat` elsewhere in the web app).
 */

/** The language dates are written in when nothing says otherwise (English as Lyceum writes it: "9 Dec 2026, 14:17"). */
export const DEFAULT_LOCALE = 'en-GB';

/**
 * The language a call that names none writes dates in (issue 47): the web app sets its page's language
 * (`setDateLocale` at start and on a switch); the server renders a page inside `withDateLocale`, which puts the
 * default back when the (synchronous) render ends. Server code that writes for someone (e-mails, notifications, CSV)
 * passes `locale` itself.
 */
let ambientLocale = DEFAULT_LOCALE;

/** The date language of a UI language: English (and the tests' pseudo-locale) as DEFAULT_LOCALE, others as they are. */
export function dateLocaleOf(uiLocale: string): string {
  return uiLocale === 'en' || uiLocale.startsWith('en-') ? DEFAULT_LOCALE : uiLocale;
}

export function setDateLocale(uiLocale: string): void {
  ambientLocale = dateLocaleOf(uiLocale);
}

/** The language dates and numbers are written in now (see `setDateLocale`). */
export function currentFormatLocale(): string {
  return ambientLocale;
}

/** Runs a synchronous render with dates in `uiLocale`'s language, then puts the previous one back. */
export function withDateLocale<T>(uiLocale: string, render: () => T): T {
  const previous = ambientLocale;
  ambientLocale = dateLocaleOf(uiLocale);
  try {
    return render();
  } finally {
    ambientLocale = previous;
  }
}

/**
 * - `long`: "9 December 2026"
 * - `medium`: "9 Dec 2026"
 * - `short`: "9 Dec" (a date of this year)
 * - `weekday`: "Wed 9 Dec"
 */
export type DateStyle = 'long' | 'medium' | 'short' | 'weekday';

/**
 * - `medium`: "9 Dec 2026, 14:17"
 * - `weekday`: "Wed 9 Dec, 14:17"
 * - `full`: "Wed 9 Dec 2026, 14:17"
 */
export type DateTimeStyle = 'medium' | 'weekday' | 'full';

export interface DateFormatOptions {
  /** An IANA zone ("America/New_York"); the runtime's own zone when left out. */
  timeZone?: string | null;
  /** A BCP 47 language tag; DEFAULT_LOCALE when left out. */
  locale?: string;
  /** The zone's short name after the time: "09:17 GMT-5" (notifications and e-mails, read far from their zone). */
  zoneName?: boolean;
  /** A 12-hour clock ("4:05 pm") instead of the locale's usual one. */
  hour12?: boolean;
}

type DateInput = Date | string | number;

const DATE_PARTS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  short: { day: 'numeric', month: 'short' },
  weekday: { weekday: 'short', day: 'numeric', month: 'short' },
};

const DATE_TIME_PARTS: Record<DateTimeStyle, Intl.DateTimeFormatOptions> = {
  medium: DATE_PARTS.medium,
  weekday: DATE_PARTS.weekday,
  full: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
};

const TIME_PARTS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** Formatters are costly to build: one per set of options. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function zoneOptions(options: DateFormatOptions): Intl.DateTimeFormatOptions {
  return options.timeZone ? { timeZone: options.timeZone } : {};
}

function timeOptions(options: DateFormatOptions): Intl.DateTimeFormatOptions {
  return {
    ...TIME_PARTS,
    ...(options.hour12 ? { hour: 'numeric', hourCycle: 'h12' } : { hourCycle: 'h23' }),
    ...(options.zoneName ? { timeZoneName: 'short' } : {}),
  };
}

/** Newer ICU writes narrow no-break spaces (before "pm", inside "9 Dec"): plain spaces read and match the same. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** A day: "9 December 2026" (`long`, the default), "9 Dec 2026", "9 Dec", "Wed 9 Dec"; '' for no date. */
export function formatDate(
  value: DateInput | null | undefined,
  options: DateFormatOptions & { style?: DateStyle } = {},
): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = { ...DATE_PARTS[options.style ?? 'long'], ...zoneOptions(options) };
  return plainSpaces(formatter(options.locale ?? ambientLocale, parts).format(date));
}

/** A moment: "Wed 9 Dec, 14:17" (`weekday`, the default), "9 Dec 2026, 14:17", "Wed 9 Dec 2026, 14:17". */
export function formatDateTime(
  value: DateInput | null | undefined,
  options: DateFormatOptions & { style?: DateTimeStyle } = {},
): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = { ...DATE_TIME_PARTS[options.style ?? 'weekday'], ...timeOptions(options), ...zoneOptions(options) };
  return plainSpaces(formatter(options.locale ?? ambientLocale, parts).format(date));
}

/** A time of day: "14:17" (or "2:17 pm", "14:17 GMT-5"). */
export function formatTime(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = { ...timeOptions(options), ...zoneOptions(options) };
  return plainSpaces(formatter(options.locale ?? ambientLocale, parts).format(date));
}

/** A month and its year: "January 2030" (a calendar's title). */
export function formatMonth(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = { month: 'long', year: 'numeric', ...zoneOptions(options) } as const;
  return plainSpaces(formatter(options.locale ?? ambientLocale, parts).format(date));
}

/** A day's name: "Mon" (`short`) or "Monday" (`long`), a calendar's column header. */
export function formatWeekday(
  value: DateInput | null | undefined,
  options: DateFormatOptions & { width?: 'short' | 'long' } = {},
): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = { weekday: options.width ?? 'short', ...zoneOptions(options) } as const;
  return plainSpaces(formatter(options.locale ?? ambientLocale, parts).format(date));
}

/** Two days as one range, the locale's way: "14–20 Jan 2030", "28 Jan – 3 Feb 2030". */
export function formatDateRange(
  start: DateInput,
  end: DateInput,
  options: DateFormatOptions & { style?: DateStyle } = {},
): string {
  const [from, to] = [toDate(start), toDate(end)];
  if (!from || !to) return '';
  const parts = { ...DATE_PARTS[options.style ?? 'medium'], ...zoneOptions(options) };
  return plainSpaces(formatter(options.locale ?? ambientLocale, parts).formatRange(from, to));
}

/** The day a moment falls on in a zone, as "YYYY-MM-DD" (a calendar's cell). */
export function dayInZone(value: DateInput, timeZone: string): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = { year: 'numeric', month: '2-digit', day: '2-digit', timeZone } as const;
  return formatter('en-CA', parts).format(date);
}

/**
 * A moment for machines and spreadsheets (CSV): ISO 8601 with the zone's offset, to the second —
 * "2026-12-09T09:17:00-05:00" in America/New_York, "2026-12-09T14:17:00Z" in UTC.
 */
export function formatIsoDateTime(value: DateInput | null | undefined, timeZone = 'UTC'): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = formatter('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'longOffset',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // "GMT-05:00"; "GMT" or "GMT+00:00" for a zero offset.
  const offset = part('timeZoneName')
    .replace(/^GMT/, '')
    .replace(/\u2212/, '-');
  const zone = offset === '' || offset === '+00:00' ? 'Z' : offset;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${zone}`;
}

/** Names Intl accepts that are not IANA zones (offsets like "+05:00"): refused. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** The zone as Intl names it ("utc" → "UTC"), or null when `value` is no IANA time zone. */
export function canonicalTimeZone(value: string): string | null {
  if (!ZONE_NAME.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Every IANA zone this runtime knows, "UTC" included, sorted (My Account's list). */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...names])].sort();
}

/** The zone this runtime (the browser) is in. */
export function runtimeTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}
