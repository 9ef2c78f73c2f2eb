/** "3 lessons", "2 lessons · 1 assessment", "1 assessment": what a list of outline items holds, by kind. */
export function itemCounts(items: readonly { kind: string }[]): string {
  const lessons = items.filter((item) => item.kind === 'lesson').length;
  const assessments = items.length - lessons;
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (assessments === 0) return part(lessons, 'lesson', 'lessons');
  if (lessons === 0) return part(assessments, 'assessment', 'assessments');
  return `${part(lessons, 'lesson', 'lessons')} · ${part(assessments, 'assessment', 'assessments')}`;
}

interface CountedItem {
  kind: string;
  /** Counts towards progress (absent: it does). */
  required?: boolean;
  /** Absent: published. */
  published?: boolean;
}

/** The items progress counts: required and published (the server's progress function, ADR 017). */
function counted<T extends CountedItem>(items: readonly T[]): T[] {
  return items.filter((item) => item.required !== false && item.published !== false);
}

/** The progress noun: "lessons" when progress counts lessons only, "items" once required assessments count too. */
export function progressNoun(items: readonly CountedItem[]): string {
  return counted(items).some((item) => item.kind !== 'lesson') ? 'items' : 'lessons';
}

/**
 * "Lesson 3 of 10": an item's place among the items progress counts (required and published, in outline order), so
 * M is the progress total on every screen ("2 of 10 lessons completed"); an optional quiz or a draft is not counted.
 * "Item 4 of 12" when required assessments count too; null for an item outside the count (a draft its teacher opens).
 */
export function placeLabel(items: readonly (CountedItem & { id: string })[], itemId: string): string | null {
  const list = counted(items);
  const index = list.findIndex((item) => item.id === itemId);
  if (index < 0) return null;
  return `${progressNoun(list) === 'lessons' ? 'Lesson' : 'Item'} ${index + 1} of ${list.length}`;
}

/** The figures of `itemCounts` (lessons and assessments), for a translated message. */
export function kindCounts(items: readonly { kind: string }[]): { lessons: number; assessments: number } {
  const lessons = items.filter((item) => item.kind === 'lesson').length;
  return { lessons, assessments: items.length - lessons };
}

/** The figures of `placeLabel` (1-based index, total, noun), for a translated message; null outside the count. */
export function placeOf(
  items: readonly (CountedItem & { id: string })[],
  itemId: string,
): { index: number; total: number; noun: 'lessons' | 'items' } | null {
  const list = counted(items);
  const index = list.findIndex((item) => item.id === itemId);
  if (index < 0) return null;
  return { index: index + 1, total: list.length, noun: progressNoun(list) === 'lessons' ? 'lessons' : 'items' };
}
