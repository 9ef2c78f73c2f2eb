/** "1 point" / "2.5 points": points without trailing zeros, with their unit. */
export function formatPoints(points: number): string {
  const value = Math.round(points * 100) / 100;
  return `${value} ${value === 1 ? 'point' : 'points'}`;
}
