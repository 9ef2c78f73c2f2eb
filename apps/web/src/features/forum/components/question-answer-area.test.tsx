import '../testing/jsdom-fonts';
import type { MyAnswer } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { renderWithApp } from '@/test/render';
import { fakeApi, jsonResponse, makeAnswer, makeQuestion, ME, TEACHER } from '../testing/fake-api';
import { sessionOf } from '../testing/session';
import { QuestionAnswerArea } from './question-answer-area';

afterEach(() => vi.unstubAllGlobals());

const mine = makeQuestion({ author: ME, authorRole: 'student', tags: ['react', 'hooks'] });
const myAnswer: MyAnswer = {
  ...makeAnswer({ author: ME, authorRole: 'student', answer: 'Try useMemo.', updatedAt: '2026-11-23T09:30:00.000Z' }),
  question: { id: mine.id, question: 'Why does my effect run twice?', tags: ['react'], updatedAt: mine.updatedAt },
  asker: TEACHER,
};
const page = <T,>(items: T[]) => ({ items, page: 1, pageSize: 20, total: items.length });

function renderArea(route = '/student/questionAnswer') {
  return renderWithApp(<QuestionAnswerArea />, { route, auth: sessionOf() });
}

describe('Questions & Answer area', { timeout: 20_000 }, () => {
  it("edits one's question in a modal, then confirms with a toast and the success modal", async () => {
    const api = fakeApi({
      'GET /api/me/forum/questions': () => jsonResponse(200, page([mine])),
      [`PATCH /api/forum/questions/${mine.id}`]: () => jsonResponse(200, { ...mine, question: 'Edited?' }),
    });
    const user = userEvent.setup();
    renderArea();

    const item = await screen.findByRole('article');
    expect(within(item).getByRole('link', { name: mine.question })).toHaveAttribute(
      'href',
      `/forum-details/${mine.id}`,
    );
    expect(within(item).getByRole('link', { name: 'Questions tagged hooks' })).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: `Edit question: ${mine.question}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    expect(within(dialog).getByText('You can add up to 10 tags')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Question' });
    expect(field).toHaveValue(mine.question);
    await user.clear(field);
    await user.type(field, 'Edited?');
    await user.click(within(dialog).getByRole('button', { name: 'Update Question' }));

    expect(await screen.findByText(MESSAGES.questionUpdated)).toBeInTheDocument();
    const success = await screen.findByRole('dialog', { name: MESSAGES.questionUpdatedTitle });
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      question: 'Edited?',
      description: mine.description,
      tags: ['react', 'hooks'],
    });
    await user.click(within(success).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog', { name: MESSAGES.questionUpdatedTitle })).not.toBeInTheDocument();
  });

  it('says when a question update fails and keeps the modal open', async () => {
    fakeApi({
      'GET /api/me/forum/questions': () => jsonResponse(200, page([mine])),
      [`PATCH /api/forum/questions/${mine.id}`]: () =>
        jsonResponse(403, { statusCode: 403, error: 'Forbidden', message: 'Only the author can edit' }),
    });
    const user = userEvent.setup();
    renderArea();
    await user.click(await screen.findByRole('button', { name: `Edit question: ${mine.question}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Question' }));
    expect(await screen.findByText(MESSAGES.updateGenericFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit question' })).toBeInTheDocument();
  });

  it('deletes a question only after confirmation', async () => {
    const api = fakeApi({
      'GET /api/me/forum/questions': vi
        .fn()
        .mockReturnValueOnce(jsonResponse(200, page([mine])))
        .mockReturnValue(jsonResponse(200, page([]))),
      [`DELETE /api/forum/questions/${mine.id}`]: () => jsonResponse(204),
    });
    const user = userEvent.setup();
    renderArea();

    await user.click(await screen.findByRole('button', { name: `Delete question: ${mine.question}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Do You Want to Delete This Question?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: `Delete question: ${mine.question}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Do You Want to Delete This Question?' })).getByRole('button', {
        name: 'Yes, Delete This',
      }),
    );
    expect(await screen.findByText(MESSAGES.questionDeleted)).toBeInTheDocument();
    expect(await screen.findByText('You have not asked any questions yet')).toBeInTheDocument();
  });

  it('lists answers with their question, asker and updated date; edits show the answer success modal', async () => {
    const api = fakeApi({
      'GET /api/me/forum/answers': () => jsonResponse(200, page([myAnswer])),
      [`PATCH /api/forum/answers/${myAnswer.id}`]: () => jsonResponse(200, { ...myAnswer, answer: 'Use a ref.' }),
    });
    const user = userEvent.setup();
    renderArea('/student/questionAnswer?tab=answers');

    const item = await screen.findByRole('article');
    expect(screen.getByRole('tab', { name: 'Answers' })).toHaveAttribute('aria-selected', 'true');
    expect(within(item).getByRole('link', { name: 'Why does my effect run twice?' })).toHaveAttribute(
      'href',
      `/forum-details/${mine.id}`,
    );
    expect(within(item).getByText(TEACHER.username)).toBeInTheDocument();
    expect(item.querySelector('img')).toHaveAttribute('src', '/uploads/grace.webp');
    expect(within(item).getByText(formatDateTime(myAnswer.updatedAt))).toBeInTheDocument();
    expect(within(item).getByText('Try useMemo.')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: /^Edit your answer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit answer' });
    const field = within(dialog).getByRole('textbox', { name: 'Answer' });
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Update Answer' }));
    expect(field).toHaveAccessibleDescription(/Answer is required/);
    await user.type(field, 'Use a ref.');
    await user.click(within(dialog).getByRole('button', { name: 'Update Answer' }));

    expect(await screen.findByText(MESSAGES.answerUpdated)).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: MESSAGES.answerUpdatedTitle })).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ answer: 'Use a ref.' });
  });

  it('toasts the answer failures of the catalogue', async () => {
    fakeApi({
      'GET /api/me/forum/answers': () => jsonResponse(200, page([myAnswer])),
      [`PATCH /api/forum/answers/${myAnswer.id}`]: () =>
        jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' }),
      [`DELETE /api/forum/answers/${myAnswer.id}`]: () =>
        jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' }),
    });
    const user = userEvent.setup();
    renderArea('/student/questionAnswer?tab=answers');

    await user.click(await screen.findByRole('button', { name: /^Edit your answer/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Edit answer' })).getByRole('button', {
        name: 'Update Answer',
      }),
    );
    expect(await screen.findByText(MESSAGES.answerUpdateFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: /^Delete your answer/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Do You Want to Delete This Answer?' })).getByRole('button', {
        name: 'Yes, Delete This',
      }),
    );
    expect(await screen.findByText(MESSAGES.answerDeleteFailed)).toBeInTheDocument();
  });

  it('shows empty states and the load failure toast of each tab', async () => {
    fakeApi({
      'GET /api/me/forum/questions': () => jsonResponse(200, page([])),
      'GET /api/me/forum/answers': () =>
        jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' }),
    });
    const user = userEvent.setup();
    const { router } = renderArea();
    expect(await screen.findByText('You have not asked any questions yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Answers' }));
    expect(router.state.location.search).toBe('?tab=answers');
    expect(await screen.findByText(MESSAGES.answerViewFailed)).toBeInTheDocument();
    expect(screen.getByText('Your answers could not be loaded')).toBeInTheDocument();
  });
});
