import type { QuestionForTaking } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ContentAnswer, outcomeOf, type AnyResponse, type Outcome } from '.';

function show(
  content: QuestionForTaking['content'],
  response: AnyResponse,
  extra: { correct?: AnyResponse; outcome?: Outcome; blanksRight?: boolean[] } = {},
) {
  const { unmount } = renderWithApp(
    <div data-testid="answer">
      <ContentAnswer content={content} response={response} idPrefix="q1" {...extra} />
    </div>,
  );
  const container = screen.getByTestId('answer');
  // Read as content: no form control at all, so nothing greyed out as disabled.
  expect(container.querySelectorAll('input, select, textarea, button')).toHaveLength(0);
  const text = container.textContent;
  return Object.assign(container, { done: () => (unmount(), text) });
}

/** The marks shown, as read: each a symbol and a word (never a colour alone). */
const marks = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-mark]')].map((mark) => mark.textContent?.replace(/\s+/g, ' ').trim());

describe('answer views: a given answer as readable content with marks in words', () => {
  const choices = {
    type: 'multiple_choice' as const,
    body: {
      multiple: true,
      choices: [
        { id: 'a', text: 'B-tree' },
        { id: 'b', text: 'Skip list' },
        { id: 'c', text: 'Hash table' },
      ],
    },
  };

  it('multiple choice: chosen choices said and marked right or wrong, a right one left out "Missed"', () => {
    const container = show(choices, { chosen: ['a', 'c'] }, { correct: { chosen: ['a', 'b'] } });
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '☑Chosen: B-tree✓ Right',
      '☐Not chosen: Skip list✗ Missed: a right answer, not chosen',
      '☑Chosen: Hash table✗ Wrong',
    ]);
    expect(marks(container)).toEqual(['✓ Right', '✗ Missed: a right answer, not chosen', '✗ Wrong']);
  });

  it('multiple choice: the feedback of a chosen choice shows under it, as text', () => {
    renderWithApp(
      <ContentAnswer
        content={choices}
        response={{ chosen: ['c'] }}
        choiceFeedback={[{ choiceId: 'c', text: '<b>Hashes</b> scatter keys.' }]}
        idPrefix="q2"
      />,
    );
    expect(screen.getByText('<b>Hashes</b> scatter keys.')).toBeInTheDocument();
  });

  it('multiple choice without the key: the choice shown, no marks', () => {
    const container = show(choices, { chosen: ['b'] });
    expect(marks(container)).toEqual([]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '☐Not chosen: B-tree',
      '☑Chosen: Skip list',
      '☐Not chosen: Hash table',
    ]);
  });

  it('fill in the blank: each blank in a box, marked from the server per blank', () => {
    const container = show(
      { type: 'fill_blank', body: { sentence: 'Paris is in [[1]], Madrid in [[2]].' } },
      { blanks: ['france', 'Portugal'] },
      { blanksRight: [true, false] },
    );
    expect(container.textContent).toBe(
      'Paris is in Blank 1: france ✓ Right: blank 1, Madrid in Blank 2: Portugal ✗ Wrong: blank 2.',
    );
    expect(marks(container)).toEqual(['✓ Right: blank 1', '✗ Wrong: blank 2']);
  });

  it('fill in the blank: an empty blank says "No answer"', () => {
    show({ type: 'fill_blank', body: { sentence: 'A [[1]] B' } }, { blanks: [''] }, { blanksRight: [false] });
    expect(screen.getByText('No answer')).toBeInTheDocument();
  });

  it('matching: each item with the match given, marked against the key', () => {
    const container = show(
      {
        type: 'matching',
        body: {
          prompts: [
            { id: 'p1', text: 'Read committed' },
            { id: 'p2', text: 'Serializable' },
          ],
          options: [
            { id: 'o1', text: 'Per statement' },
            { id: 'o2', text: 'One at a time' },
          ],
        },
      },
      { pairs: { p1: 'o1', p2: 'o1' } },
      { correct: { pairs: { p1: 'o1', p2: 'o2' } } },
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Read committed → matched with Per statement✓ Right');
    expect(rows[1]).toHaveTextContent('Serializable → matched with Per statement✗ Wrong');
    expect(marks(container)).toEqual(['✓ Right', '✗ Wrong']);
  });

  it('ordering: the order given, numbered, each item marked in its place or not', () => {
    const container = show(
      {
        type: 'ordering',
        body: {
          items: [
            { id: 'i1', text: 'Parse' },
            { id: 'i2', text: 'Plan' },
            { id: 'i3', text: 'Execute' },
          ],
        },
      },
      { order: ['i1', 'i3', 'i2'] },
      { correct: { order: ['i1', 'i2', 'i3'] } },
    );
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '1.Position 1: Parse✓ Right: in its place',
      '2.Position 2: Execute✗ Wrong: not in its place',
      '3.Position 3: Plan✗ Wrong: not in its place',
    ]);
    expect(marks(container)).toHaveLength(3);
  });

  it('numeric, short answer, true/false: the answer as text with the whole answer’s mark', () => {
    const numeric = show({ type: 'numeric', body: { unit: 'm/s' } }, { value: 9.8 }, { outcome: 'partly' });
    expect(numeric.done()).toBe('9.8 m/s◐ Partly right');
    const short = show({ type: 'short_answer', body: {} }, { text: 'b-tree' }, { outcome: 'right' });
    expect(short.done()).toBe('b-tree✓ Right');
    const tf = show({ type: 'true_false', body: {} }, { answer: false }, { correct: { answer: true } });
    expect(tf.done()).toBe('False✗ Wrong');
  });

  it('an essay reads as its text', () => {
    show({ type: 'essay', body: { wordLimit: null } }, { html: '<p>Readers see <strong>snapshots</strong>.</p>' });
    expect(screen.getByText('snapshots').tagName).toBe('STRONG');
  });
});

describe('outcomeOf', () => {
  it('full points are right, some are partly right (1.33 of 2), none wrong; no score no mark', () => {
    expect(outcomeOf(2, 2)).toBe('right');
    expect(outcomeOf(1.33, 2)).toBe('partly');
    expect(outcomeOf(0, 2)).toBe('wrong');
    expect(outcomeOf(null, 2)).toBeNull();
  });
});
