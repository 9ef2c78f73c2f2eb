import { describe, expect, it } from 'vitest';
import { countOf } from './answer-store';

/** Answers wait under their user's name (ADR 072): another user of the browser is not warned about them. */
describe('the answers waiting in the browser', () => {
  const A = '00000000-0000-4000-8000-00000000000a';
  const B = '00000000-0000-4000-8000-00000000000b';
  const kept = [
    [`answers:${A}:attempt-1`, { q1: { response: { answer: true }, seq: 1 }, q2: { response: null, seq: 2 } }],
    [`answers:${A}:attempt-2`, { q1: { response: { answer: false }, seq: 3 } }],
    [`answers:${B}:attempt-3`, {}],
    ['something-else', { q1: { response: 1, seq: 1 } }],
  ] as const;

  it('counts only the signed-in user’s own', () => {
    expect(countOf(kept, A)).toBe(3);
    expect(countOf(kept, B)).toBe(0);
    expect(countOf(kept, '00000000-0000-4000-8000-00000000000c')).toBe(0);
  });
});
