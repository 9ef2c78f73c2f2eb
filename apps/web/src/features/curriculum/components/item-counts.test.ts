import { describe, expect, it } from 'vitest';
import { itemCounts, progressNoun } from './item-counts';

const lesson = { kind: 'lesson' };
const assessment = { kind: 'assessment' };

describe('outline counts', () => {
  it('says lessons for a course of lessons only', () => {
    expect(itemCounts([lesson])).toBe('1 lesson');
    expect(itemCounts([lesson, lesson])).toBe('2 lessons');
    expect(progressNoun([lesson, lesson])).toBe('lessons');
  });

  it('counts lessons and assessments apart once assessments are present', () => {
    expect(itemCounts([lesson, lesson, assessment])).toBe('2 lessons · 1 assessment');
    expect(itemCounts([assessment, assessment])).toBe('2 assessments');
    expect(progressNoun([lesson, assessment])).toBe('items');
  });
});
