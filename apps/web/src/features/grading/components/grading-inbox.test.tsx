import type { GradeConflict, InboxAnswer, InboxPage } from '@lyceum/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { GradingInbox } from './grading-inbox';

const COURSE = '3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f';
const answer: InboxAnswer = {
  attemptId: '0b7c3a1e-2d4f-4e5a-9b8c-7d6e5f4a3b2c',
  questionId: '1c8d4b2f-3e5a-4f6b-8c9d-8e7f6a5b4c3d',
  course: { id: COURSE, title: 'Databases' },
  assessment: { id: '2d9e5c3a-4f6b-4a7c-9d8e-9f8a7b6c5d4e', title: 'Essay quiz' },
  question: { title: 'Why indexes?', type: 'essay', prompt: '<p>Why?</p>', points: 4 },
  student: { id: '4fab7e5c-6b8d-4c9e-8fab-ab9c8d7e6f5a', name: 'Ada Lovelace', anonymous: false },
  submittedAt: '2026-03-01T09:00:00.000Z',
  response: { text: 'Indexes avoid full scans.' },
  files: [],
  score: null,
  comment: '',
  rubric: null,
  rubricId: null,
  graded: false,
  version: 1,
};
/** What the first grader saved while the second one was typing. */
const theirs: InboxAnswer = { ...answer, score: 2, comment: '<p>Theirs: cite a source.</p>', graded: true, version: 2 };

/** The inbox requests the page made, in order. */
let inboxUrls: string[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the browser sees it: the inbox, an empty comment bank, and a grade route answering `grades` in turn. */
function stubApi(grades: Response[]) {
  const puts: { url: string; body: unknown }[] = [];
  inboxUrls = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = String(input);
    if (init?.method === 'PUT') {
      puts.push({ url, body: JSON.parse(String(init.body)) });
      return Promise.resolve(grades.shift() ?? json({}, 500));
    }
    if (url.startsWith('/api/grading/inbox')) {
      inboxUrls.push(url);
      const page: InboxPage = { items: [answer], total: 1, page: 1, pageSize: 100, lastPage: 1, nextCursor: null };
      return Promise.resolve(json(page));
    }
    if (url.startsWith(`/api/courses/${COURSE}/gradebook`))
      return Promise.resolve(
        json({
          items: [],
          total: 0,
          page: 1,
          pageSize: 1,
          lastPage: 1,
          weights: {},
          columns: [{ assessmentId: answer.assessment.id, title: 'Essay quiz', points: 6 }],
        }),
      );
    if (url.startsWith('/api/me/comment-bank'))
      return Promise.resolve(json({ items: [], total: 0, page: 1, pageSize: 50 }));
    return Promise.resolve(json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return puts;
}

const conflict: GradeConflict = {
  statusCode: 409,
  error: 'Conflict',
  message: 'Someone graded this answer since you opened it: their grade is beside yours',
  current: theirs,
};

async function gradeAndCollide() {
  const user = userEvent.setup();
  renderWithApp(<GradingInbox courseId={COURSE} />, { route: `/teacher/courses/${COURSE}/grading` });
  const score = await screen.findByRole('textbox', { name: 'Score (out of 4)' });
  await user.type(score, '3');
  await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Mine: a clear argument.');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return user;
}

// The comment field grows with its text (react-textarea-autosize), which listens for web fonts jsdom lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

afterEach(() => vi.unstubAllGlobals());

describe('grading inbox: two graders at once (issue 54.7)', { timeout: 20_000 }, () => {
  it("keeps the second grader's score and comment in the fields beside the grade saved meanwhile", async () => {
    stubApi([json(conflict, 409)]);
    await gradeAndCollide();

    const saved = await screen.findByRole('region', { name: 'Graded by someone else meanwhile' });
    expect(within(saved).getByText('2 / 4')).toBeInTheDocument();
    expect(within(saved).getByText('Theirs: cite a source.')).toBeInTheDocument();
    // Their grade is shown beside mine: my fields still hold what I typed.
    expect(screen.getByRole('textbox', { name: 'Score (out of 4)' })).toHaveValue('3');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Mine: a clear argument.');
    expect(within(saved).getByRole('button', { name: 'Keep theirs' })).toBeInTheDocument();
    expect(within(saved).getByRole('button', { name: 'Take mine' })).toBeInTheDocument();
  });

  it('"Take mine" saves my grade over theirs, with the version their save made', async () => {
    const puts = stubApi([json(conflict, 409), json({ ...theirs, score: 3, comment: '<p>Mine</p>', version: 3 })]);
    const user = await gradeAndCollide();
    const saved = await screen.findByRole('region', { name: 'Graded by someone else meanwhile' });
    await user.click(within(saved).getByRole('button', { name: 'Take mine' }));

    expect(await screen.findByText('Grade saved')).toBeInTheDocument();
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toEqual({ version: 2, score: 3, comment: '<p>Mine: a clear argument.</p>' });
    expect(screen.queryByRole('region', { name: 'Graded by someone else meanwhile' })).not.toBeInTheDocument();
  });

  it('"Keep theirs" puts their score and comment in the fields and saves nothing', async () => {
    const puts = stubApi([json(conflict, 409)]);
    const user = await gradeAndCollide();
    const saved = await screen.findByRole('region', { name: 'Graded by someone else meanwhile' });
    await user.click(within(saved).getByRole('button', { name: 'Keep theirs' }));

    expect(screen.getByRole('textbox', { name: 'Score (out of 4)' })).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Theirs: cite a source.');
    expect(screen.queryByRole('region', { name: 'Graded by someone else meanwhile' })).not.toBeInTheDocument();
    expect(puts).toHaveLength(1);
  });
});

describe('grading inbox: filters (issue 54.9)', { timeout: 20_000 }, () => {
  it('filters by assessment and status through the API, kept in the address', async () => {
    stubApi([]);
    const user = userEvent.setup();
    const { router } = renderWithApp(<GradingInbox courseId={COURSE} />, {
      route: `/teacher/courses/${COURSE}/grading`,
    });
    await screen.findByRole('textbox', { name: 'Score (out of 4)' });
    expect(new URL(inboxUrls.at(-1)!, 'http://x').searchParams.get('status')).toBe('all');

    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'To grade' }));
    await user.click(screen.getByLabelText('Assessment', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Essay quiz' }));

    await screen.findByRole('textbox', { name: 'Score (out of 4)' });
    const last = new URL(inboxUrls.at(-1)!, 'http://x').searchParams;
    expect(last.get('status')).toBe('needs_grading');
    expect(last.get('assessmentId')).toBe(answer.assessment.id);
    expect(last.get('courseId')).toBe(COURSE);
    expect(router.state.location.search).toBe(`?status=needs_grading&assessment=${answer.assessment.id}`);
  });
});
