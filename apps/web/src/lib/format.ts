const countFormat = new Intl.NumberFormat('en');
const ratingFormat = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** 1234 → "1,234". */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** 4.666… → "4.67"; 4 → "4.0". */
export function formatRating(value: number): string {
  return ratingFormat.format(value);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone,
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * Spec §2 forum dates: weekday, month, day, hour and minute in 12-hour format — "Sun, Nov 22, 4:05 PM".
 * In the reader's time zone unless one is given. Newer ICU puts a narrow no-break space before AM/PM;
 * it becomes a plain space so the text reads (and matches) the same everywhere.
 */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(timeZone)
    .format(date)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** A file size as people read it: "840 B", "12 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
