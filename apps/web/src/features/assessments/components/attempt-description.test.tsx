import type { AttemptForStudent, AttemptQuestion } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { AttemptPlayer } from './attempt-player';
import { AttemptReview } from './attempt-review';

/*
 * A description (ADR 051) is text between questions: the player and the review show its text without a number,
 * points or inputs, and it is not counted, answered or listed in the navigator.
 */
const NOW = new Date().toISOString();

function statement(number: number, id: string, submitted: boolean): AttemptQuestion {
  return {
    number,
    question: {
      id,
      prompt: `<p>Statement ${number} is true.</p>`,
      points: 1,
      hint: '',
      content: { type: 'true_false', body: {} },
    },
    response: submitted ? { answer: true } : null,
    savedAt: submitted ? NOW : null,
    files: [],
    review: submitted
      ? {
          score: 1,
          maxScore: 1,
          correct: true,
          needsGrading: false,
          correctResponse: null,
          blanksRight: null,
          feedback: null,
        }
      : null,
  };
}

const description: AttemptQuestion = {
  number: 0,
  question: {
    id: 'd1',
    prompt: '<p>The next questions are about the water cycle.</p>',
    points: 0,
    hint: '',
    content: { type: 'description', body: {} },
  },
  response: null,
  savedAt: null,
  files: [],
  review: null,
};

function attempt(layout: AttemptForStudent['layout'], submitted = false): AttemptForStudent {
  return {
    id: 'a1',
    assessmentId: 'i1',
    courseId: 'c1',
    title: 'Weekly check',
    kind: 'quiz',
    number: 1,
    status: submitted ? 'graded' : 'in_progress',
    layout,
    startedAt: NOW,
    deadlineAt: null,
    remainingSeconds: null,
    serverNow: NOW,
    dueAt: null,
    submittedAt: submitted ? NOW : null,
    savesCount: 0,
    questions: [statement(1, 'q1', submitted), description, statement(2, 'q2', submitted)],
    receipt: null,
    result: submitted
      ? {
          status: 'graded',
          released: { score: true, answers: false, feedback: false },
          score: 2,
          maxScore: 2,
          percent: 100,
          passed: true,
          late: false,
          penaltyPercent: null,
          releasesAt: null,
          releaseAnswers: 'after_last_attempt',
        }
      : null,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('a description in an attempt', () => {
  it('shows as text between questions: no number, no inputs, not in the navigator or the count', () => {
    renderWithApp(<AttemptPlayer attempt={attempt('all')} />);
    expect(screen.getByText('Attempt 1 · 2 questions · 0 answered')).toBeInTheDocument();
    const text = screen.getByRole('region', { name: 'Description' });
    expect(text).toHaveTextContent('The next questions are about the water cycle.');
    expect(within(text).queryByRole('heading')).toBeNull();
    expect(within(text).queryByRole('radio')).toBeNull();
    expect(within(text).queryByRole('button')).toBeNull();
    // Between question 1 and question 2, in the attempt's order.
    const q1 = screen.getByRole('region', { name: /^Question 1/ });
    const q2 = screen.getByRole('region', { name: /^Question 2/ });
    expect(q1.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(text.compareDocumentPosition(q2) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const navigator = screen.getByRole('navigation', { name: 'Questions' });
    expect(
      within(navigator)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Question 1, unanswered', 'Question 2, unanswered']);
  });

  it('one at a time: shows with the question after it', async () => {
    const user = userEvent.setup();
    renderWithApp(<AttemptPlayer attempt={attempt('one_at_a_time')} />);
    expect(screen.queryByRole('region', { name: 'Description' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('region', { name: 'Description' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Question 2/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('reads in the review as text, without a number, a score or "Not answered"', async () => {
    const reviewed = attempt('all', true);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          new Response(
            JSON.stringify(String(url).includes('/rubrics') ? { released: false, changes: [], items: [] } : reviewed),
            { status: 200, headers: { 'content-type': 'application/json' } },
          ),
        ),
      ),
    );
    renderWithApp(<AttemptReview attemptId="a1" backHref="/" />);
    const text = await screen.findByRole('region', { name: 'Description' });
    expect(text).toHaveTextContent('The next questions are about the water cycle.');
    expect(text).not.toHaveTextContent(/Question|points|Not answered|Your answer/);
    expect(screen.getAllByRole('heading', { level: 2, name: /^Question \d/ }).map((h) => h.textContent)).toEqual([
      'Question 1',
      'Question 2',
    ]);
  });
});
