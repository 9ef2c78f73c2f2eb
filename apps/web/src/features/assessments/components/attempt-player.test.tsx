import type { AttemptForStudent } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { AttemptPlayer } from './attempt-player';

const NOW = new Date().toISOString();

function attempt(layout: AttemptForStudent['layout']): AttemptForStudent {
  const tf = (n: number) => ({
    number: n,
    question: {
      id: `q${n}`,
      title: `Statement ${n}`,
      prompt: `<p>Statement ${n} is true.</p>`,
      points: 1,
      hint: '',
      content: { type: 'true_false' as const, body: {} },
    },
    response: n === 3 ? { answer: true } : null,
    savedAt: n === 3 ? NOW : null,
    files: [],
    review: null,
  });
  return {
    id: 'a1',
    assessmentId: 'i1',
    courseId: 'c1',
    title: 'Weekly check',
    kind: 'quiz',
    number: 1,
    status: 'in_progress',
    layout,
    startedAt: NOW,
    deadlineAt: null,
    remainingSeconds: null,
    serverNow: NOW,
    dueAt: null,
    submittedAt: null,
    savesCount: 1,
    questions: [tf(1), tf(2), tf(3)],
    receipt: null,
    result: null,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('attempt player', () => {
  it('one at a time: the navigator moves between questions and shows answered, flagged and unanswered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ questionId: 'q2', savedAt: NOW, savesCount: 2, remainingSeconds: null }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<AttemptPlayer attempt={attempt('one_at_a_time')} />);
    expect(screen.getByRole('region', { name: /^Question 1/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Question 2/ })).toBeNull();
    // The saved answer of question 3 came back with the attempt.
    expect(screen.getByRole('button', { name: 'Question 3, answered' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const q2 = screen.getByRole('region', { name: /^Question 2/ });
    expect(screen.getByRole('button', { name: 'Question 2, unanswered' })).toHaveAttribute('aria-current', 'step');
    await user.click(within(q2).getByRole('radio', { name: 'False' }));
    expect(screen.getByRole('button', { name: 'Question 2, answered' })).toBeInTheDocument();
    expect(await within(q2).findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('All answers saved')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Question 1, unanswered' }));
    await user.click(screen.getByRole('button', { name: /^Flag\s*question 1 for review$/ }));
    expect(screen.getByRole('button', { name: 'Question 1, unanswered, flagged' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your answers?' });
    expect(within(dialog).getByText('1 question is not answered:')).toBeInTheDocument();
    expect(within(dialog).getByText('Question 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Flagged for review: Question 1.')).toBeInTheDocument();
  }, 20_000);

  it('all on one page: every question shows, with its saved answer', () => {
    renderWithApp(<AttemptPlayer attempt={attempt('all')} />);
    expect(screen.getAllByRole('region', { name: /^Question \d/ })).toHaveLength(3);
    const q3 = screen.getByRole('region', { name: /^Question 3/ });
    expect(within(q3).getByRole('radio', { name: 'True' })).toBeChecked();
    expect(screen.getByText('No time limit')).toBeInTheDocument();
  });
});
