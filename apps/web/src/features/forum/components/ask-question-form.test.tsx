import '../testing/jsdom-fonts';
import type { Question } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draftKey } from '@/lib/local-draft';
import { renderWithApp } from '@/test/render';
import { fakeApi, jsonResponse, makeQuestion, ME } from '../testing/fake-api';
import { sessionOf } from '../testing/session';
import { AskQuestionForm } from './ask-question-form';

afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  const onPosted = vi.fn<(question: Question) => void>();
  const onCancel = vi.fn();
  renderWithApp(<AskQuestionForm onPosted={onPosted} onCancel={onCancel} />, { route: '/forum', auth: sessionOf() });
  const form = screen.getByRole('form', { name: 'Ask a Question' });
  return { form, onPosted, onCancel };
}

// Typing through user-event is slow on a busy machine: generous time, no sleeps.
describe('ask a question', { timeout: 20_000 }, () => {
  it('keeps the description as a draft in this browser, restores it, and Cancel discards it', async () => {
    const key = draftKey(ME.id, 'forum-question', 'new');
    window.localStorage.setItem(key, 'What I tried so far');
    const user = userEvent.setup();
    const { onCancel } = renderForm();

    const description = screen.getByRole('textbox', { name: 'Description' });
    expect(description).toHaveValue('What I tried so far');
    expect(screen.getByText(/unsaved draft from an earlier visit/)).toBeInTheDocument();
    await user.type(description, ' and more');
    await waitFor(() => expect(window.localStorage.getItem(key)).toBe('What I tried so far and more'));

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('requires question, description and a tag before anything is sent', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderForm();

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    // The contract's rules load on the form's first focus or submit.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Question' })).toHaveAccessibleDescription(/Question is required/),
    );
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(/Description is required/);
    expect(screen.getByRole('combobox', { name: 'Tags' })).toHaveAccessibleDescription(/Add at least one tag/);
    expect(api.calls).toEqual([]);
  });

  it('does not count spaces as a question', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Question' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Question' })).toHaveAccessibleDescription(/Question is required/),
    );
    expect(api.calls).toEqual([]);
  });

  it('posts the trimmed question with normalised tags, toasts and reports the new question', async () => {
    const created = makeQuestion({ author: ME, authorRole: 'student' });
    const api = fakeApi({
      'GET /api/forum/similar': () => jsonResponse(200, { items: [] }),
      'POST /api/forum/questions': () => jsonResponse(201, created),
    });
    const user = userEvent.setup();
    const { onPosted } = renderForm();

    await user.click(screen.getByRole('textbox', { name: 'Question' }));
    await user.paste('  How do closures work?  ');
    await user.click(screen.getByRole('textbox', { name: 'Description' }));
    await user.paste('I read about them\nbut I am lost.');
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'JavaScript{Enter} closures {Enter}');
    await user.click(screen.getByRole('button', { name: 'Ask' }));

    expect(await screen.findByText(MESSAGES.questionAdded)).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      question: 'How do closures work?',
      description: 'I read about them\nbut I am lost.',
      tags: ['javascript', 'closures'],
    });
    expect(onPosted).toHaveBeenCalledWith(created);
  });

  it('shows the server’s field problems and the failure toast, keeping what was typed', async () => {
    fakeApi({
      'GET /api/forum/similar': () => jsonResponse(200, { items: [] }),
      'POST /api/forum/questions': () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'question must be at most 300 characters',
          issues: [{ path: 'question', message: 'must be at most 300 characters' }],
        }),
    });
    const user = userEvent.setup();
    const { onPosted } = renderForm();

    await user.type(screen.getByRole('textbox', { name: 'Question' }), 'Why?');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Because.');
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'why{Enter}');
    await user.click(screen.getByRole('button', { name: 'Ask' }));

    expect(await screen.findByText(MESSAGES.questionAddFailed)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveAccessibleDescription(
      /Question must be at most 300 characters/,
    );
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveValue('Why?');
    expect(onPosted).not.toHaveBeenCalled();
  });

  it('suggests similar questions once the draft has three words, answered ones marked', async () => {
    const api = fakeApi({
      'GET /api/forum/similar': () =>
        jsonResponse(200, {
          items: [
            {
              id: makeQuestion().id,
              question: 'What is the difference between let and const?',
              tags: ['javascript'],
              answerCount: 2,
              hasAcceptedAnswer: true,
              createdAt: '2026-11-22T16:05:00.000Z',
            },
          ],
        }),
    });
    const user = userEvent.setup();
    renderForm();
    const question = screen.getByRole('textbox', { name: 'Question' });

    await user.type(question, 'let versus');
    expect(screen.queryByRole('region', { name: 'Similar questions' })).not.toBeInTheDocument();
    await user.type(question, ' const');

    const similar = await screen.findByRole('region', { name: 'Similar questions' }, { timeout: 3000 });
    expect(similar).toHaveTextContent('Accepted answer');
    expect(screen.getByRole('link', { name: /What is the difference between let and const\?/ })).toHaveAttribute(
      'href',
      `/forum-details/${makeQuestion().id}`,
    );
    const lookups = api.calls.filter((call) => call.path.startsWith('/api/forum/similar'));
    expect(lookups.map((call) => new URL(call.path, 'http://x').searchParams.get('q'))).toEqual(['let versus const']);
  });

  it('Cancel leaves without sending', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    const { onCancel } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Question' }), 'Half a thought');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
