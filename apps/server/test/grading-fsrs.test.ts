import { describe, expect, it } from 'vitest';
import { isDue, newMistakeCard, reviewMistakeCard, type MistakeCardState } from '../src/features/grading/fsrs.js';

const DAY = 86_400_000;
const start = new Date('2026-03-01T09:00:00Z');
const after = (card: MistakeCardState, extraMs = 0) => new Date(card.due.getTime() + extraMs);

/** Practise a card "good" each time it comes due, n times. */
function goodRun(card: MistakeCardState, n: number): MistakeCardState {
  let current = card;
  for (let i = 0; i < n; i += 1) current = reviewMistakeCard(current, 'good', after(current));
  return current;
}

describe('mistake notebook: FSRS schedule', () => {
  it('a new mistake is due at once', () => {
    const card = newMistakeCard(start);
    expect(card.state).toBe('new');
    expect(isDue(card, start)).toBe(true);
  });

  it('"good" moves the card forward: each review comes back later than the one before', () => {
    let card = newMistakeCard(start);
    const gaps: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const now = after(card);
      card = reviewMistakeCard(card, 'good', now);
      gaps.push(card.due.getTime() - now.getTime());
    }
    expect(card.state).toBe('review');
    expect(card.reps).toBe(5);
    for (let i = 1; i < gaps.length; i += 1) expect(gaps[i]).toBeGreaterThan(gaps[i - 1]!);
    // After a few good answers the card is days away, not minutes.
    expect(gaps.at(-1)!).toBeGreaterThan(7 * DAY);
    expect(isDue(card, new Date(card.due.getTime() - 1))).toBe(false);
  });

  it('"again" moves it back: a card days out comes back within minutes, counted as a lapse, less stable', () => {
    const learnt = goodRun(newMistakeCard(start), 4);
    expect(learnt.state).toBe('review');
    const now = after(learnt);
    const missed = reviewMistakeCard(learnt, 'again', now);
    expect(missed.state).toBe('relearning');
    expect(missed.lapses).toBe(learnt.lapses + 1);
    expect(missed.stability).toBeLessThan(learnt.stability);
    expect(missed.due.getTime() - now.getTime()).toBeLessThanOrEqual(10 * 60_000);
    // And "good" after the miss schedules less far out than it would have without the miss.
    const recovered = reviewMistakeCard(missed, 'good', after(missed));
    const unbroken = reviewMistakeCard(learnt, 'good', now);
    expect(recovered.due.getTime() - after(missed).getTime()).toBeLessThan(unbroken.due.getTime() - now.getTime());
  });

  it('is deterministic: the same history gives the same schedule (no fuzz)', () => {
    expect(goodRun(newMistakeCard(start), 6)).toEqual(goodRun(newMistakeCard(start), 6));
  });
});
