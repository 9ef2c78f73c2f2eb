const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "March 5, 2026" (in `timeZone`, else the reader's zone); '' for a value that is not a date. */
export function formatDate(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const key = timeZone ?? '';
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });
    dateFormats.set(key, format);
  }
  return format.format(date);
}
