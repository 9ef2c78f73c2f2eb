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
