/**
 * CSV as spreadsheets read it (RFC 4180): comma-separated, CRLF line ends, a cell quoted when it holds a
 * comma, quote or line break, with its quotes doubled.
 *
 * A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return would be read by Excel, LibreOffice
 * and Google Sheets as a formula (CSV injection): such a cell gets a leading `'`, which they show as text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Excel opens a UTF-8 CSV as UTF-8 (accents and all) only when it starts with this byte order mark. */
export const UTF8_BOM = '\uFEFF';
