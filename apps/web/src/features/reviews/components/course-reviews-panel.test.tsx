import { MESSAGES } from '@lyceum/contract/constants';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { COURSE_ID, jsonResponse, makeReview, mockApi, reviewPage, sessionOf } from '../testing/fixtures';
import { CourseReviewsPanel } from './course-reviews-panel';

const LIST = `/api/courses/${COURSE_ID}/reviews?`;
const MINE = `/api/courses/${COURSE_ID}/reviews/mine`;
const CREATE = `/api/courses/${COURSE_ID}/reviews`;

afterEach(() => vi.unstubAllGlobals());

function renderPanel(auth = sessionOf('student')) {
  return renderWithApp(<CourseReviewsPanel courseId={COURSE_ID} />, { route: `/course-details/${COURSE_ID}`, auth });
}

// Generous per-test time: the whole web suite runs in parallel and user-event waits on timers.
describe('course reviews panel', { timeout: 15_000 }, () => {
  it('says "No reviews yet" for a course without reviews, and shows no stars at all', async () => {
    mockApi(({ url }) => (url.startsWith(LIST) ? jsonResponse(200, reviewPage([])) : undefined));
    renderPanel(sessionOf('teacher'));

    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/0\.0/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Reviews/ })).not.toBeInTheDocument();
    // Teachers (and visitors) never see the form.
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('shows the real summary and the reviews, newest first, with the text as text', async () => {
    const script = '<script>window.hacked = true</script><img src=x onerror=alert(1)>';
    const newest = makeReview({ rating: 5, text: script, createdAt: '2025-11-21T09:00:00.000Z' });
    const older = makeReview({ rating: 4, text: 'Good pace.' });
    mockApi(({ url }) =>
      url.startsWith(LIST)
        ? jsonResponse(
            200,
            reviewPage([newest, older], { average: 4.3, count: 3, distribution: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 } }),
          )
        : undefined,
    );
    const { container } = renderPanel(sessionOf('admin'));

    expect(await screen.findByText('4.3')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('3 reviews')).toBeInTheDocument();
    const bars = within(screen.getByRole('list', { name: 'Ratings by stars' })).getAllByRole('listitem');
    expect(bars.map((bar) => bar.textContent)).toEqual([
      '5 stars1 review',
      '4 stars2 reviews',
      '3 stars0 reviews',
      '2 stars0 reviews',
      '1 star0 reviews',
    ]);

    const articles = screen.getAllByRole('article');
    expect(articles[0]).toHaveAccessibleName('Review by Grace Lee');
    expect(within(articles[0]!).getByText(script)).toBeInTheDocument();
    expect(within(articles[0]!).getByRole('img', { name: /^Rated 5(\.0)? out of 5$/ })).toBeInTheDocument();
    expect(within(articles[1]!).getByText('Good pace.')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('loads more reviews on request', async () => {
    const first = Array.from({ length: 10 }, (_, i) => makeReview({ text: `Review ${i + 1}` }));
    const last = makeReview({ text: 'Review 11' });
    mockApi(({ url }) => {
      if (url.startsWith(`${LIST}page=1`))
        return jsonResponse(200, { ...reviewPage(first, { average: 4, count: 11 }) });
      if (url.startsWith(`${LIST}page=2`))
        return jsonResponse(200, { ...reviewPage([last], { average: 4, count: 11 }), page: 2 });
      return undefined;
    });
    const user = userEvent.setup();
    renderPanel(sessionOf('teacher'));

    expect(await screen.findByRole('heading', { name: 'Reviews (11)' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await screen.findByText('Review 11')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(11);
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });

  it('lets a student submit a review (1 star by default), toasts, and refreshes the list', async () => {
    let created: ReturnType<typeof makeReview> | null = null;
    const api = mockApi(({ method, url, body }) => {
      if (method === 'GET' && url.startsWith(LIST)) {
        return jsonResponse(200, created ? reviewPage([created], { average: 3, count: 1 }) : reviewPage([]));
      }
      if (method === 'GET' && url === MINE) return jsonResponse(200, { review: created, enrolled: true });
      if (method === 'POST' && url === CREATE) {
        const { rating, text } = body as { rating: number; text: string };
        created = makeReview({ rating, text });
        return jsonResponse(201, created);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPanel();

    const form = await screen.findByRole('form', { name: 'Write a review' });
    expect(within(form).getByRole('radio', { name: '1 star' })).toBeChecked();
    // Nothing is sent without a text.
    await user.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect(await within(form).findByText('Review is required')).toBeInTheDocument();
    expect(api.count('POST', CREATE)).toBe(0);

    await user.click(within(form).getByRole('radio', { name: '3 stars' }));
    await user.click(within(form).getByRole('textbox', { name: /Your review/ }));
    await user.paste('  Well paced  ');
    await user.click(within(form).getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText(MESSAGES.reviewAdded)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ rating: 3, text: 'Well paced' });
    // The list and the summary reload; the form gives way to the student's own review.
    expect(await screen.findByRole('article', { name: 'Review by Grace Lee' })).toHaveTextContent('Well paced');
    expect(screen.getByText('You reviewed this course')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your review' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(api.count('GET', LIST)).toBe(2);
  });

  it('shows no review form to a student who is not enrolled, and says why', async () => {
    mockApi(({ method, url }) => {
      if (method === 'GET' && url.startsWith(LIST)) return jsonResponse(200, reviewPage([]));
      if (method === 'GET' && url === MINE) return jsonResponse(200, { review: null, enrolled: false });
      return undefined;
    });
    renderPanel();

    expect(await screen.findByText(/Only students enrolled in this course can review it/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('offers to edit the existing review after a 409, starting from what the student just wrote', async () => {
    const existing = makeReview({ rating: 2, text: 'My first take' });
    let mineCalls = 0;
    const api = mockApi(({ method, url }) => {
      if (method === 'GET' && url.startsWith(LIST))
        return jsonResponse(200, reviewPage([existing], { average: 2, count: 1 }));
      if (method === 'GET' && url === MINE) {
        mineCalls += 1;
        // Another tab wrote the review after this one loaded.
        return jsonResponse(200, { review: mineCalls === 1 ? null : existing, enrolled: true });
      }
      if (method === 'POST' && url === CREATE) {
        return jsonResponse(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'You have already reviewed this course',
          reviewId: existing.id,
        });
      }
      if (method === 'PATCH' && url === `/api/reviews/${existing.id}`) {
        return jsonResponse(200, { ...existing, rating: 5, text: 'Second thoughts' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPanel();

    const form = await screen.findByRole('form', { name: 'Write a review' });
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.click(within(form).getByRole('textbox', { name: /Your review/ }));
    await user.paste('Second thoughts');
    await user.click(within(form).getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText(MESSAGES.reviewAddFailed)).toBeInTheDocument();
    expect(await screen.findByText('You have already reviewed this course')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit your review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your review' });
    expect(within(dialog).getByRole('textbox', { name: /write a review/ })).toHaveValue('Second thoughts');
    expect(within(dialog).getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Update Review' }));

    expect(await screen.findByText(MESSAGES.reviewUpdated)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ rating: 5, text: 'Second thoughts' });
  });

  it('lets an admin delete any review after a confirmation; nobody else sees Delete on others’ reviews', async () => {
    const spam = makeReview({ text: 'Buy cheap watches' });
    let deleted = false;
    const api = mockApi(({ method, url }) => {
      if (method === 'GET' && url.startsWith(LIST)) {
        return jsonResponse(200, deleted ? reviewPage([]) : reviewPage([spam], { average: 4, count: 1 }));
      }
      if (method === 'GET' && url === MINE) return jsonResponse(200, { review: null, enrolled: false });
      if (method === 'DELETE' && url === `/api/reviews/${spam.id}`) {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { unmount } = renderPanel(sessionOf('student'));
    expect(await screen.findByText('Buy cheap watches')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete review by Grace Lee' })).not.toBeInTheDocument();
    unmount();

    renderPanel(sessionOf('admin'));
    await user.click(await screen.findByRole('button', { name: 'Delete review by Grace Lee' }));
    const dialog = screen.getByRole('dialog', { name: 'Do You Want to Delete This Review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete This' }));

    expect(await screen.findByText(MESSAGES.reviewDeleted)).toBeInTheDocument();
    expect(api.count('DELETE', `/api/reviews/${spam.id}`)).toBe(1);
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
  });
});
