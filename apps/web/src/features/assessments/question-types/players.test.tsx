import {
  EssayResponseSchema,
  FillBlankResponseSchema,
  MatchingResponseSchema,
  MultipleChoiceResponseSchema,
  NumericResponseSchema,
  OrderingResponseSchema,
  ShortAnswerResponseSchema,
  TaskResponseSchema,
  TrueFalseResponseSchema,
  type QuestionForTaking,
} from '@lyceum/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { countWords } from './essay';
import { ContentPlayer, type AnyResponse } from '.';

// jsdom has no layout: ProseMirror (the essay editor) asks where the caret is after each keystroke.
beforeAll(() => {
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  const rects = () => Object.assign([rect], { item: () => rect }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= rects;
  Range.prototype.getBoundingClientRect ??= () => rect as DOMRect;
  Element.prototype.getClientRects ??= rects;
});

/** A player with its state, as the attempt page holds it; every change is recorded. */
function Harness({
  content,
  onChange,
}: {
  content: QuestionForTaking['content'];
  onChange: (value: AnyResponse | null) => void;
}) {
  const [response, setResponse] = useState<AnyResponse | null>(null);
  return (
    <ContentPlayer
      content={content}
      idPrefix="q1"
      response={response}
      onChange={(next) => {
        setResponse(next);
        onChange(next);
      }}
    />
  );
}

function play(content: QuestionForTaking['content']) {
  const changes: (AnyResponse | null)[] = [];
  renderWithApp(<Harness content={content} onChange={(value) => changes.push(value)} />);
  return { latest: () => changes.at(-1), user: userEvent.setup() };
}

describe('question players, answered with the keyboard alone', () => {
  it('multiple choice (one answer): Tab to the group, Space picks a choice, the arrow key moves the pick', async () => {
    const { latest, user } = play({
      type: 'multiple_choice',
      body: {
        multiple: false,
        choices: [
          { id: 'a', text: 'Lyon' },
          { id: 'b', text: 'Paris' },
          { id: 'c', text: 'Nice' },
        ],
      },
    });
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Lyon' })).toHaveFocus();
    await user.keyboard(' ');
    expect(latest()).toEqual({ chosen: ['a'] });
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Paris' })).toBeChecked();
    expect(MultipleChoiceResponseSchema.parse(latest())).toEqual({ chosen: ['b'] });
  });

  it('multiple choice (several answers): Space ticks and unticks checkboxes', async () => {
    const { latest, user } = play({
      type: 'multiple_choice',
      body: {
        multiple: true,
        choices: [
          { id: 'a', text: '2' },
          { id: 'b', text: '3' },
          { id: 'c', text: '4' },
        ],
      },
    });
    expect(screen.getByRole('group', { name: 'Choose every right answer' })).toBeInTheDocument();
    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    expect(MultipleChoiceResponseSchema.parse(latest())).toEqual({ chosen: ['a', 'b'] });
    await user.keyboard(' ');
    expect(latest()).toEqual({ chosen: ['a'] });
    await user.keyboard('{Shift>}{Tab}{/Shift} ');
    expect(latest()).toBeNull();
  });

  it('true/false: the answer is a boolean', async () => {
    const { latest, user } = play({ type: 'true_false', body: {} });
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'False' })).toBeChecked();
    expect(TrueFalseResponseSchema.parse(latest())).toEqual({ answer: false });
  });

  it('fill in the blank: one field per blank, inside the sentence, in order', async () => {
    const { latest, user } = play({ type: 'fill_blank', body: { sentence: 'Paris is in [[1]] and Rome in [[2]].' } });
    expect(screen.getByText(/Paris is in/)).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Blank 1' })).toHaveFocus();
    await user.keyboard('France');
    await user.tab();
    await user.keyboard('Italy');
    expect(FillBlankResponseSchema.parse(latest())).toEqual({ blanks: ['France', 'Italy'] });
  });

  it('fill in the blank: an answer in the second blank alone keeps the first one empty', async () => {
    const { latest, user } = play({ type: 'fill_blank', body: { sentence: '[[1]] and [[2]]' } });
    await user.tab();
    await user.tab();
    await user.keyboard('x');
    expect(latest()).toEqual({ blanks: ['', 'x'] });
  });

  it('short answer: the typed text; clearing it leaves the question unanswered', async () => {
    const { latest, user } = play({ type: 'short_answer', body: {} });
    await user.tab();
    await user.keyboard('Mitochondria');
    expect(ShortAnswerResponseSchema.parse(latest())).toEqual({ text: 'Mitochondria' });
    await user.clear(screen.getByRole('textbox', { name: 'Your answer' }));
    expect(latest()).toBeNull();
  });

  it('numeric: a number, negative and decimal, with the unit in the label', async () => {
    const { latest, user } = play({ type: 'numeric', body: { unit: 'm/s' } });
    expect(screen.getByRole('textbox', { name: 'Your answer (in m/s)' })).toBeInTheDocument();
    await user.tab();
    await user.keyboard('-9.81');
    expect(NumericResponseSchema.parse(latest())).toEqual({ value: -9.81 });
  });

  it('matching: one select per item; choosing with the keyboard pairs item and option', async () => {
    const { latest, user } = play({
      type: 'matching',
      body: {
        prompts: [
          { id: 'p1', text: 'cat' },
          { id: 'p2', text: 'rose' },
        ],
        options: [
          { id: 'o1', text: 'flower' },
          { id: 'o2', text: 'animal' },
          { id: 'o3', text: 'stone' },
        ],
      },
    });
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'cat' })).toHaveFocus();
    await user.selectOptions(screen.getByRole('combobox', { name: 'cat' }), 'animal');
    await user.selectOptions(screen.getByRole('combobox', { name: 'rose' }), 'flower');
    expect(MatchingResponseSchema.parse(latest())).toEqual({ pairs: { p1: 'o2', p2: 'o1' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'cat' }), 'Choose a match…');
    expect(latest()).toEqual({ pairs: { p2: 'o1' } });
  });

  it('ordering: Move down with Enter reorders, announces the new position and keeps the focus on the item', async () => {
    const { latest, user } = play({
      type: 'ordering',
      body: {
        items: [
          { id: 'i1', text: 'Bronze Age' },
          { id: 'i2', text: 'Stone Age' },
          { id: 'i3', text: 'Iron Age' },
        ],
      },
    });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Move down: Bronze Age' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(OrderingResponseSchema.parse(latest())).toEqual({ order: ['i2', 'i1', 'i3'] });
    expect(screen.getByRole('status')).toHaveTextContent('Bronze Age moved to position 2 of 3.');
    await act(() => new Promise(requestAnimationFrame));
    expect(screen.getByRole('button', { name: 'Move down: Bronze Age' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(latest()).toEqual({ order: ['i2', 'i3', 'i1'] });
    // At the bottom, Move down is disabled: the focus goes to the item's Move up.
    await act(() => new Promise(requestAnimationFrame));
    expect(screen.getByRole('button', { name: 'Move up: Bronze Age' })).toHaveFocus();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[2]).toContain('Bronze Age');
  });

  it('ordering: the order as shown can be kept as the answer without moving anything', async () => {
    const { latest, user } = play({
      type: 'ordering',
      body: {
        items: [
          { id: 'i2', text: 'Stone Age' },
          { id: 'i1', text: 'Bronze Age' },
          { id: 'i3', text: 'Iron Age' },
        ],
      },
    });
    expect(latest()).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Keep this order as my answer' }));
    expect(OrderingResponseSchema.parse(latest())).toEqual({ order: ['i2', 'i1', 'i3'] });
    await act(() => new Promise(requestAnimationFrame));
    expect(screen.getByText('This order is your answer.')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Keep this order as my answer' })).not.toBeInTheDocument();
  });

  it('essay: rich text typed into the editor is the HTML response, with a word count against the limit', async () => {
    const { latest, user } = play({ type: 'essay', body: { wordLimit: 3 } });
    const box = screen.getByRole('textbox', { name: 'Your answer' });
    // Past the formatting toolbar's buttons, into the text.
    for (let i = 0; i < 10 && document.activeElement !== box; i++) await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard('One two three four');
    const response = EssayResponseSchema.parse(latest());
    expect(response.html).toContain('One two three four');
    expect(screen.getByText('4 of 3 words: 1 over the limit')).toBeInTheDocument();
  });

  it('task: the written submission is the HTML response, with no file list when none were handed in', async () => {
    const { latest, user } = play({ type: 'task', body: { allowText: true, allowFiles: false, maxFiles: 3 } });
    const box = screen.getByRole('textbox', { name: 'Your answer' });
    for (let i = 0; i < 10 && document.activeElement !== box; i++) await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard('My lab report');
    const response = TaskResponseSchema.parse(latest());
    expect(response.html).toContain('My lab report');
    expect(response.files).toEqual([]);
  });

  it('counts words as a reader does', () => {
    expect(countWords('  L’été — c’est   bien, non? 42 ')).toBe(5);
    expect(countWords('')).toBe(0);
  });
});
