import '../features/forum/testing/jsdom-fonts';
import type { TokenUser } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, makeQuestion } from '../features/forum/testing/fake-api';
import { sessionOf } from '../features/forum/testing/session';
import { renderWithApp } from '../test/render';
import { STUDENT } from '../test/tokens';
import { ForumPage } from './forum-page';

afterEach(() => vi.unstubAllGlobals());

const answered = makeQuestion({
  id: '11111111-1111-4111-8111-111111111111',
  question: 'How do closures work?',
  tags: ['javascript', 'closures'],
  voteScore: 3,
  answerCount: 2,
  acceptedAnswerId: '22222222-2222-4222-8222-222222222222',
});

function listApi(items = [answered], total = items.length) {
  return fakeApi({
    'GET /api/forum/questions': () => jsonResponse(200, { items, page: 1, pageSize: 20, total }),
    'GET /api/forum/hot': () => jsonResponse(200, { items: [] }),
  });
}

describe('forum list', { timeout: 20_000 }, () => {
  it('lists questions with their real counts, tags, author and a link to the discussion', async () => {
    listApi();
    renderWithApp(<ForumPage />, { route: '/forum' });

    expect(screen.getByRole('heading', { level: 1, name: 'Q & A Discussions' })).toBeInTheDocument();
    const item = await screen.findByRole('article');
    expect(within(item).getByRole('link', { name: 'How do closures work?' })).toHaveAttribute(
      'href',
      `/forum-details/${answered.id}`,
    );
    expect(within(item).getAllByText('3 votes')[0]).toBeInTheDocument();
    expect(within(item).getAllByText(/2 answers/)[0]).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Questions tagged closures' })).toHaveAttribute(
      'href',
      '/forum?tag=closures',
    );
    expect(within(item).getByText('grace.teacher')).toBeInTheDocument();
    expect(screen.getByText('1 question')).toBeInTheDocument();
    expect(await screen.findByText(/Nothing has been answered or voted on/)).toBeInTheDocument();
  });

  it('searches after a pause in typing, keeping the search in the address', async () => {
    const api = listApi();
    const user = userEvent.setup();
    const { router } = renderWithApp(<ForumPage />, { route: '/forum?sort=votes' });
    await screen.findByRole('article');

    await user.type(screen.getByRole('searchbox', { name: 'Search questions' }), 'closure scope');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?sort=votes&q=closure+scope'), {
      timeout: 3000,
    });
    // One request for the page, one for the finished search text (none per keystroke).
    await vi.waitFor(() =>
      expect(api.calls.filter((call) => call.path.startsWith('/api/forum/questions')).map((call) => call.path)).toEqual(
        ['/api/forum/questions?sort=votes&page=1', '/api/forum/questions?sort=votes&page=1&q=closure+scope'],
      ),
    );
  });

  it('offers to clear filters when nothing matches', async () => {
    listApi([], 0);
    const user = userEvent.setup();
    const { router } = renderWithApp(<ForumPage />, { route: '/forum?tag=nothing' });
    expect(await screen.findByText('No questions match')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveValue('nothing');
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveValue('');
  });

  it('toasts when the list cannot be loaded', async () => {
    fakeApi({
      'GET /api/forum/questions': () =>
        jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
      'GET /api/forum/hot': () => jsonResponse(200, { items: [] }),
    });
    renderWithApp(<ForumPage />, { route: '/forum' });
    expect(await screen.findByText(MESSAGES.forumViewFailed)).toBeInTheDocument();
    expect(screen.getByText('The questions could not be loaded')).toBeInTheDocument();
  });

  it('sends a visitor who wants to ask to login', async () => {
    listApi();
    const user = userEvent.setup();
    const { router } = renderWithApp(<ForumPage />, {
      route: '/forum',
      routes: [{ path: '/login', element: <h1>Login screen</h1> }],
    });
    await user.click(screen.getByRole('button', { name: 'Ask a Question' }));
    expect(await screen.findByText(MESSAGES.loginFirst)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/forum' });
  });

  it('replaces the list with the ask form for a student, and reloads the list on Cancel', async () => {
    const api = listApi();
    const user = userEvent.setup();
    renderWithApp(<ForumPage />, { route: '/forum', auth: sessionOf() });
    await screen.findByRole('article');

    await user.click(screen.getByRole('button', { name: 'Ask a Question' }));
    // The form's code is fetched on this first click; focus moves to its first field.
    expect(await screen.findByRole('form', { name: 'Ask a Question' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Questions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask a Question' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('region', { name: 'Questions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask a Question' })).toHaveFocus();
    await vi.waitFor(() =>
      expect(api.calls.filter((call) => call.path.startsWith('/api/forum/questions')).length).toBeGreaterThanOrEqual(2),
    );
  });

  it('shows no Ask button to an admin', async () => {
    listApi();
    const admin: TokenUser = { ...STUDENT, role: 'admin' };
    renderWithApp(<ForumPage />, { route: '/forum', auth: sessionOf(admin) });
    await screen.findByRole('article');
    expect(screen.queryByRole('button', { name: 'Ask a Question' })).not.toBeInTheDocument();
  });

  it('says a page past the end is past the end and links the last page', async () => {
    fakeApi({
      'GET /api/forum/questions': (call) =>
        call.path.includes('page=99')
          ? jsonResponse(200, { items: [], page: 99, pageSize: 20, total: 14, lastPage: 1 })
          : jsonResponse(200, { items: [answered], page: 1, pageSize: 20, total: 1, lastPage: 1 }),
      'GET /api/forum/hot': () => jsonResponse(200, { items: [] }),
    });
    const user = userEvent.setup();
    const { router } = renderWithApp(<ForumPage />, { route: '/forum?page=99' });

    expect(await screen.findByText(/This page is past the end/)).toBeInTheDocument();
    expect(screen.queryByText('No questions yet')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'go to the last page' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(router.state.location.search).not.toContain('page=99');
  });
});
