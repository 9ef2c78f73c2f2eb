import type { EnrolmentStatus } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { EnrolButton } from './enrol-button';

afterEach(() => vi.unstubAllGlobals());

/** The course page's part: the viewer's enrolment status, which turns to active once the enrolment succeeds. */
function CourseSidebar() {
  const [status, setStatus] = useState<EnrolmentStatus | null>(null);
  return <EnrolButton courseId="c1" enrolmentStatus={status} onEnrolled={() => setStatus('active')} />;
}

describe('Enroll now', () => {
  it('moves focus to the new enrolment status, not to the page body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        new Response(JSON.stringify({ courseId: 'c1', status: 'active', enrolledAt: new Date().toISOString() }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<CourseSidebar />, { route: '/course-details/c1' });

    await user.click(screen.getByRole('button', { name: 'Enroll now' }));

    expect(await screen.findByText(MESSAGES.enrolled)).toBeInTheDocument();
    const status = screen.getByText('This course is in your active courses.').closest('[role="status"]');
    await waitFor(() => expect(status).toHaveFocus());
  });
});
