import { describe, expect, it } from 'vitest';
import { itemCounts, placeLabel, progressNoun } from './item-counts';

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

  it('counts only what progress counts: an optional quiz and a draft lesson are left out', () => {
    const items = [
      { id: 'l1', kind: 'lesson', required: true, published: true },
      { id: 'q1', kind: 'assessment', required: false, published: true },
      { id: 'l2', kind: 'lesson', required: true, published: false },
      { id: 'l3', kind: 'lesson', required: true, published: true },
    ];
    expect(progressNoun(items)).toBe('lessons');
    expect(placeLabel(items, 'l3')).toBe('Lesson 2 of 2');
    expect(placeLabel(items, 'l2')).toBeNull();
    const withExam = [...items, { id: 'q2', kind: 'assessment', required: true, published: true }];
    expect(progressNoun(withExam)).toBe('items');
    expect(placeLabel(withExam, 'l3')).toBe('Item 2 of 3');
  });
});
