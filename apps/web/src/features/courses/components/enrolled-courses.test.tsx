import { MESSAGES } from '@lyceum/contract/constants';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { EnrolledCourses } from './enrolled-courses';

afterEach(() => vi.unstubAllGlobals());

describe('enrolled courses', () => {
  it("says each empty tab's own words, not the wishlist's", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () =>
          new Response(JSON.stringify({ items: [], page: 1, pageSize: 12, total: 0 }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<EnrolledCourses />, { route: '/student/enrolled-courses' });

    expect(await screen.findByText('You are not enrolled in any course yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/courses');
    await user.click(screen.getByRole('tab', { name: 'Active Courses' }));
    expect(await screen.findByText('No active courses')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Completed Courses' }));
    expect(await screen.findByText('No completed courses yet')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.emptyWishlist)).not.toBeInTheDocument();
  });
});
