import type { QuestionContent } from '@lyceum/contract';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ContentEditor, QUESTION_TYPE_MODULES } from '.';
import spanish from './locales/es.json';

/** An editor with its state, reporting every change, as the question form holds it. */
function Harness({ initial, onChange }: { initial: QuestionContent; onChange: (value: QuestionContent) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ContentEditor
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

/** Types a whole value at once, as a paste would. */
function type(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

function edit(initial: QuestionContent, options: Parameters<typeof renderWithApp>[1] = {}) {
  const changes: QuestionContent[] = [];
  renderWithApp(<Harness initial={initial} onChange={(value) => changes.push(value)} />, options);
  return () => changes.at(-1);
}

describe('question type editors', () => {
  it('fill in the blank: one set of accepted answers per blank written in the sentence', async () => {
    const latest = edit(QUESTION_TYPE_MODULES.fill_blank.empty());
    type(screen.getByRole('textbox', { name: 'Sentence' }), 'Paris is in [[1]] and Rome in [[2]].');
    expect(screen.getByRole('group', { name: 'Blank [[1]]' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Blank [[2]]' })).toBeInTheDocument();
    expect(latest()).toMatchObject({
      body: { sentence: 'Paris is in [[1]] and Rome in [[2]].' },
      key: { blanks: [{}, {}] },
    });
  });

  it('matching: every item keeps its own match, and equal matches share one option', async () => {
    const latest = edit(QUESTION_TYPE_MODULES.matching.empty());
    type(screen.getByRole('textbox', { name: 'Item 1' }), 'cat');
    type(screen.getAllByRole('textbox', { name: 'Its match' })[0]!, 'animal');
    type(screen.getByRole('textbox', { name: 'Item 2' }), 'dog');
    type(screen.getAllByRole('textbox', { name: 'Its match' })[1]!, 'animal');
    const content = latest();
    if (content?.type !== 'matching') throw new Error('not matching');
    expect(content.body.options.map((o) => o.text)).toEqual(['animal']);
    const [cat, dog] = content.body.prompts;
    expect(content.key.pairs[cat!.id]).toBe(content.key.pairs[dog!.id]);
  });

  it('ordering: moving an item changes the right order', async () => {
    const latest = edit(QUESTION_TYPE_MODULES.ordering.empty());
    type(screen.getByRole('textbox', { name: 'Position 1' }), 'first');
    type(screen.getByRole('textbox', { name: 'Position 2' }), 'second');
    await userEvent.click(screen.getByRole('button', { name: 'Move position 1 down' }));
    const content = latest();
    if (content?.type !== 'ordering') throw new Error('not ordering');
    const text = new Map(content.body.items.map((item) => [item.id, item.text]));
    expect(content.key.order.map((id) => text.get(id))).toEqual(['second', 'first']);
  });

  it('multiple choice: a single-answer question has exactly one right choice', async () => {
    const latest = edit(QUESTION_TYPE_MODULES.multiple_choice.empty());
    await userEvent.click(screen.getByRole('radio', { name: 'Choice 2 is right' }));
    const content = latest();
    if (content?.type !== 'multiple_choice') throw new Error('not multiple choice');
    expect(content.key.correct).toEqual([content.body.choices[1]!.id]);
  });

  it('task: files can be allowed with a maximum, and one of text or files always stays on', async () => {
    const latest = edit(QUESTION_TYPE_MODULES.task.empty());
    const text = screen.getByRole('checkbox', { name: 'Written answer (rich text)' });
    expect(text).toBeChecked();
    expect(text).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Allow files' }));
    type(screen.getByRole('textbox', { name: 'Max files' }), '5');
    await userEvent.click(text);
    expect(latest()).toEqual({ type: 'task', body: { allowText: false, allowFiles: true, maxFiles: 5 }, key: {} });
    expect(screen.getByRole('checkbox', { name: 'Allow files' })).toBeDisabled();
  });

  it('speaks the school’s language: an ordering question written in Spanish', async () => {
    const latest = edit(QUESTION_TYPE_MODULES.ordering.empty(), { locale: 'es', messages: spanish });
    expect(screen.getByText(/Escribe los elementos en el orden correcto/)).toBeInTheDocument();
    type(screen.getByRole('textbox', { name: 'Posición 1' }), 'primero');
    type(screen.getByRole('textbox', { name: 'Posición 2' }), 'segundo');
    await userEvent.click(screen.getByRole('button', { name: 'Bajar la posición 1' }));
    expect(screen.getByRole('button', { name: 'Añadir un elemento' })).toBeInTheDocument();
    const content = latest();
    if (content?.type !== 'ordering') throw new Error('not ordering');
    const text = new Map(content.body.items.map((item) => [item.id, item.text]));
    expect(content.key.order.map((id) => text.get(id))).toEqual(['segundo', 'primero']);
  });

  it('speaks the school’s language: a numeric question’s accepted answers in Spanish', () => {
    edit(QUESTION_TYPE_MODULES.numeric.empty(), { locale: 'es', messages: spanish });
    expect(screen.getByRole('group', { name: 'Respuesta aceptada 1' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Valor ± tolerancia' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: '± Tolerancia' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Añadir una respuesta aceptada' })).toBeInTheDocument();
  });
});
