import { MESSAGES, UI } from '@lyceum/contract/constants';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { ForumDetailsPage } from './forum-details-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('forum details page', () => {
  it('tells a visitor to log in first, then opens login remembering the discussion', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const id = '3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f';
    const { router } = renderWithApp(<ForumDetailsPage />, {
      route: `/forum-details/${id}`,
      path: '/forum-details/:id',
      routes: [{ path: '/login', element: <h1>Login screen</h1> }],
    });

    expect(await screen.findByText(MESSAGES.loginFirst)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/forum-details/${id}`);
    await act(() => vi.advanceTimersByTimeAsync(UI.unauthenticatedRedirectMs));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: `/forum-details/${id}` });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
