import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { StudentDashboardStats } from './student-dashboard-stats';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('student dashboard', () => {
  it("shows a loading state, then the student's own counters from the server", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          jsonResponse(200, { enrolled: 7, active: 4, completed: 3, wishlist: 12, reviews: 2, badges: 3 }),
        ),
    );
    renderWithApp(<StudentDashboardStats />, { route: '/student' });

    expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboard');
    expect(await screen.findByRole('group', { name: 'Enrolled Courses' })).toHaveTextContent('7');
    expect(screen.getByRole('group', { name: 'Active Courses' })).toHaveTextContent('4');
    expect(screen.getByRole('group', { name: 'Wishlist' })).toHaveTextContent('12');
    expect(screen.getByRole('group', { name: 'Earn Badges' })).toHaveTextContent('3');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when the counters cannot be loaded, and retries on request', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(jsonResponse(403, { statusCode: 403, error: 'Forbidden', message: 'Students only' }))
      .mockResolvedValueOnce(
        jsonResponse(200, { enrolled: 1, active: 1, completed: 0, wishlist: 0, reviews: 0, badges: 0 }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<StudentDashboardStats />, { route: '/student' });

    expect(await screen.findByText('The dashboard could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Students only')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Enrolled Courses' })).toHaveTextContent('1');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
