/** "3 lessons", "2 lessons · 1 assessment", "1 assessment": what a list of outline items holds, by kind. */
export function itemCounts(items: readonly { kind: string }[]): string {
  const lessons = items.filter((item) => item.kind === 'lesson').length;
  const assessments = items.length - lessons;
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (assessments === 0) return part(lessons, 'lesson', 'lessons');
  if (lessons === 0) return part(assessments, 'assessment', 'assessments');
  return `${part(lessons, 'lesson', 'lessons')} · ${part(assessments, 'assessment', 'assessments')}`;
}

/** The progress noun: "lessons" in a course of lessons only, "items" once assessments count too. */
export function progressNoun(items: readonly { kind: string }[]): string {
  return items.some((item) => item.kind !== 'lesson') ? 'items' : 'lessons';
}
