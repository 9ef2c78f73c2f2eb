import '../testing/jsdom-fonts';
import { MESSAGES } from '@lyceum/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { draftKey } from '@/lib/local-draft';
import { renderWithApp } from '@/test/render';
import { fakeApi, jsonResponse, makeAnswer, makeDetail, ME } from '../testing/fake-api';
import { sessionOf } from '../testing/session';
import { QuestionDetails } from './question-details';

afterEach(() => vi.unstubAllGlobals());

const detail = makeDetail({
  voteScore: 2,
  answerCount: 2,
  answers: [
    makeAnswer({ id: '11111111-1111-4111-8111-111111111111', answer: 'Teacher says: const.', voteScore: 3 }),
    makeAnswer({
      id: '22222222-2222-4222-8222-222222222222',
      answer: 'My own answer',
      author: ME,
      authorRole: 'student',
    }),
  ],
});

function renderDetails() {
  return renderWithApp(<QuestionDetails id={detail.id} />, {
    route: `/forum-details/${detail.id}`,
    path: '/forum-details/:id',
    auth: sessionOf(),
  });
}

describe('forum details', { timeout: 20_000 }, () => {
  it('shows the question as plain text with its line breaks, the date, and answers with a teacher badge', async () => {
    fakeApi({ [`GET /api/forum/questions/${detail.id}`]: () => jsonResponse(200, detail) });
    renderDetails();

    const question = await screen.findByRole('article', { name: detail.question });
    expect(within(question).getByText(/Line one/).textContent).toBe('Line one\nLine two');
    expect(within(question).getByText(formatDateTime(detail.createdAt))).toHaveAttribute('datetime', detail.createdAt);
    expect(screen.getByRole('heading', { name: '2 Answers' })).toBeInTheDocument();
    const teacherAnswer = screen.getByRole('article', { name: 'Answer by grace.teacher' });
    expect(within(teacherAnswer).getByText('Teacher')).toBeInTheDocument();
    expect(within(teacherAnswer).queryByRole('button', { name: 'Accept answer' })).not.toBeInTheDocument();
  });

  it('lets the viewer vote on other posts but not on their own', async () => {
    const api = fakeApi({
      [`GET /api/forum/questions/${detail.id}`]: () => jsonResponse(200, detail),
      'PUT /api/forum/answers/11111111-1111-4111-8111-111111111111/vote': () =>
        jsonResponse(200, { voteScore: 4, myVote: 1 }),
    });
    const user = userEvent.setup();
    renderDetails();

    const own = await screen.findByRole('article', { name: `Answer by ${ME.username}` });
    expect(within(own).getByRole('button', { name: 'Upvote this answer' })).toBeDisabled();
    expect(within(own).queryByRole('button', { name: 'Edit this answer' })).toBeInTheDocument();

    const other = screen.getByRole('article', { name: 'Answer by grace.teacher' });
    const up = within(other).getByRole('button', { name: 'Upvote this answer' });
    expect(up).toBeEnabled();
    await user.click(up);
    expect(await within(other).findByText('4')).toBeInTheDocument();
    expect(up).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ value: 1 });
  });

  it("toasts the server's reason when a vote is refused", async () => {
    fakeApi({
      [`GET /api/forum/questions/${detail.id}`]: () => jsonResponse(200, detail),
      [`PUT /api/forum/questions/${detail.id}/vote`]: () =>
        jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Question not found' }),
    });
    const user = userEvent.setup();
    renderDetails();
    const question = await screen.findByRole('article', { name: detail.question });
    await user.click(within(question).getByRole('button', { name: 'Downvote this question' }));
    expect(await screen.findByText('Question not found')).toBeInTheDocument();
    expect(within(question).getByRole('button', { name: 'Downvote this question' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('opens a reply box; posting clears and closes it, toasts and shows the success modal', async () => {
    const api = fakeApi({
      [`GET /api/forum/questions/${detail.id}`]: () => jsonResponse(200, detail),
      [`POST /api/forum/questions/${detail.id}/answers`]: () => jsonResponse(201, makeAnswer({ author: ME })),
    });
    const user = userEvent.setup();
    renderDetails();

    await user.click(await screen.findByRole('button', { name: 'Answer' }));
    const reply = screen.getByRole('form', { name: 'Answer the question' });
    await user.click(within(reply).getByRole('button', { name: 'Post Answer' }));
    await waitFor(() =>
      expect(within(reply).getByRole('textbox', { name: 'Your answer' })).toHaveAccessibleDescription(
        /Your answer is required/,
      ),
    );
    await user.type(within(reply).getByRole('textbox', { name: 'Your answer' }), 'Use let in loops.');
    await user.click(within(reply).getByRole('button', { name: 'Post Answer' }));

    expect(await screen.findByText(MESSAGES.answerAdded)).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: MESSAGES.answerPostedTitle })).toHaveTextContent(
      MESSAGES.postedBody,
    );
    // Escape closes the success modal; focus returns to the Answer button that started the reply.
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: MESSAGES.answerPostedTitle })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Answer' })).toHaveFocus());
    expect(screen.queryByRole('form', { name: 'Answer the question' })).not.toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ answer: 'Use let in loops.' });
    // The question reloads after the post.
    expect(api.calls.filter((call) => call.path === `/api/forum/questions/${detail.id}`)).toHaveLength(2);
  });

  it('keeps a draft answer through a reload, asks before leaving it, and forgets it once posted', async () => {
    const key = draftKey(ME.id, 'forum-answer', detail.id);
    window.localStorage.setItem(key, 'Half of my answer');
    fakeApi({
      [`GET /api/forum/questions/${detail.id}`]: () => jsonResponse(200, detail),
      [`POST /api/forum/questions/${detail.id}/answers`]: () => jsonResponse(201, makeAnswer({ author: ME })),
    });
    const user = userEvent.setup();
    const { router } = renderWithApp(<QuestionDetails id={detail.id} />, {
      route: `/forum-details/${detail.id}`,
      path: '/forum-details/:id',
      auth: sessionOf(),
      routes: [{ path: '/forum', element: <h1>Forum</h1> }],
    });

    await user.click(await screen.findByRole('button', { name: 'Answer' }));
    const box = screen.getByRole('textbox', { name: 'Your answer' });
    expect(box).toHaveValue('Half of my answer');
    await user.type(box, ', and the rest.');
    await waitFor(() => expect(window.localStorage.getItem(key)).toBe('Half of my answer, and the rest.'));

    await user.click(screen.getAllByRole('link', { name: /^Questions tagged/ })[0]!);
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay and keep editing' }));
    expect(router.state.location.pathname).toBe(`/forum-details/${detail.id}`);

    await user.click(screen.getByRole('button', { name: 'Post Answer' }));
    expect(await screen.findByText(MESSAGES.answerAdded)).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(key)).toBeNull());
  });

  it('says when the question does not exist', async () => {
    fakeApi({
      [`GET /api/forum/questions/${detail.id}`]: () =>
        jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Question not found' }),
    });
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'This question does not exist' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.forumDetailsFailed)).not.toBeInTheDocument();
  });

  it('toasts and offers a retry when loading fails', async () => {
    const api = fakeApi({
      [`GET /api/forum/questions/${detail.id}`]: vi
        .fn()
        .mockReturnValueOnce(jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' }))
        .mockReturnValueOnce(jsonResponse(200, detail)),
    });
    const user = userEvent.setup();
    renderDetails();
    expect(await screen.findByText(MESSAGES.forumDetailsFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: detail.question })).toBeInTheDocument();
    expect(api.calls).toHaveLength(2);
  });
});
