import type { StudentReview } from '@lyceum/contract';
import { MESSAGES } from '@lyceum/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { jsonResponse, makeStudentReview, mockApi, sessionOf } from '../testing/fixtures';
import { StudentReviewList } from './student-review-list';

const LIST = '/api/student/reviews?page=1';

afterEach(() => vi.unstubAllGlobals());

function pageOf(items: StudentReview[]) {
  return { items, page: 1, pageSize: 20, total: items.length };
}

function renderList() {
  return renderWithApp(<StudentReviewList />, { route: '/student/reviews', auth: sessionOf('student') });
}

// Generous per-test time: the whole web suite runs in parallel and user-event waits on timers.
describe("student's review list", { timeout: 15_000 }, () => {
  it('shows each review with its course linked, its stars out of 5 and its text', async () => {
    const review = makeStudentReview('Watercolour basics', { rating: 3, text: 'Nice <b>brushes</b>' });
    mockApi(({ url }) => (url === LIST ? jsonResponse(200, pageOf([review])) : undefined));
    renderList();

    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'Watercolour basics' })).toHaveAttribute(
      'href',
      `/course-details/${review.course.id}`,
    );
    expect(within(card).getByRole('img', { name: /^Rated 3(\.0)? out of 5$/ })).toBeInTheDocument();
    expect(within(card).getByText('Nice <b>brushes</b>')).toBeInTheDocument();
    expect(card.querySelector('b')).toBeNull();
  });

  it('says so when there are no reviews', async () => {
    mockApi(({ url }) => (url === LIST ? jsonResponse(200, pageOf([])) : undefined));
    renderList();
    expect(await screen.findByText(MESSAGES.emptyReviews)).toBeInTheDocument();
  });

  it('toasts and offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    mockApi(({ url }) => {
      if (url !== LIST) return undefined;
      return fail
        ? jsonResponse(500, { statusCode: 500, error: 'x', message: 'Something went wrong' })
        : jsonResponse(200, pageOf([]));
    });
    const user = userEvent.setup();
    renderList();
    // The toast, and the section's own error with a retry.
    expect(await screen.findAllByText(MESSAGES.viewReviewsFailed)).toHaveLength(2);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(MESSAGES.emptyReviews)).toBeInTheDocument();
  });

  it('edits a review in the modal, toasts, closes it and reloads the list', async () => {
    let review = makeStudentReview('Watercolour basics', { rating: 2, text: 'Too short' });
    const api = mockApi(({ method, url, body }) => {
      if (method === 'GET' && url === LIST) return jsonResponse(200, pageOf([review]));
      if (method === 'PATCH' && url === `/api/reviews/${review.id}`) {
        const changes = body as { rating: number; text: string };
        review = { ...review, ...changes, updatedAt: '2025-11-22T10:00:00.000Z' };
        return jsonResponse(200, review);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderList();

    await user.click(await screen.findByRole('button', { name: 'Edit your review of Watercolour basics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your review' });
    const text = within(dialog).getByRole('textbox', { name: /write a review/ });
    expect(text).toHaveValue('Too short');
    expect(within(dialog).getByRole('radio', { name: '2 stars' })).toBeChecked();
    await user.clear(text);
    await user.click(text);
    await user.paste('Just right');
    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Review' }));

    expect(await screen.findByText(MESSAGES.reviewUpdated)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ rating: 4, text: 'Just right' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Just right')).toBeInTheDocument();
    expect(api.count('GET', LIST)).toBe(2);
  });

  it('keeps the modal open with the text when the edit fails, and Cancel changes nothing', async () => {
    const review = makeStudentReview('Ink drawing', { text: 'Original' });
    const api = mockApi(({ method, url }) => {
      if (method === 'GET' && url === LIST) return jsonResponse(200, pageOf([review]));
      if (method === 'PATCH')
        return jsonResponse(403, { statusCode: 403, error: 'Forbidden', message: 'Forbidden: not your review' });
      return undefined;
    });
    const user = userEvent.setup();
    renderList();

    await user.click(await screen.findByRole('button', { name: 'Edit your review of Ink drawing' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit your review' });
    await user.click(within(dialog).getByRole('textbox', { name: /write a review/ }));
    await user.paste(' and more');
    await user.click(within(dialog).getByRole('button', { name: 'Update Review' }));
    expect(await screen.findByText(MESSAGES.reviewEditFailed)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /write a review/ })).toHaveValue('Original and more');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Reopening starts again from the stored review.
    await user.click(screen.getByRole('button', { name: 'Edit your review of Ink drawing' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit your review' });
    expect(within(dialog).getByRole('textbox', { name: /write a review/ })).toHaveValue('Original');
    expect(api.count('PATCH', '/api/reviews/')).toBe(1);
  });

  it('deletes a review after confirmation, toasts, closes the modal and reloads the list', async () => {
    let reviews = [makeStudentReview('Watercolour basics'), makeStudentReview('Ink drawing')];
    const target = reviews[1]!;
    const api = mockApi(({ method, url }) => {
      if (method === 'GET' && url === LIST) return jsonResponse(200, pageOf(reviews));
      if (method === 'DELETE' && url === `/api/reviews/${target.id}`) {
        reviews = reviews.filter((r) => r.id !== target.id);
        return jsonResponse(204);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderList();

    await user.click(await screen.findByRole('button', { name: 'Delete your review of Ink drawing' }));
    let dialog = await screen.findByRole('dialog', { name: 'Do You Want to Delete This Review?' });
    // Cancel deletes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.count('DELETE', '/api/reviews/')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete your review of Ink drawing' }));
    dialog = await screen.findByRole('dialog', { name: 'Do You Want to Delete This Review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete This' }));

    expect(await screen.findByText(MESSAGES.reviewDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ink drawing' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Watercolour basics' })).toBeInTheDocument();
  });

  it('toasts when a delete fails and keeps the review', async () => {
    const review = makeStudentReview('Watercolour basics');
    mockApi(({ method, url }) => {
      if (method === 'GET' && url === LIST) return jsonResponse(200, pageOf([review]));
      if (method === 'DELETE')
        return jsonResponse(500, { statusCode: 500, error: 'x', message: 'Something went wrong' });
      return undefined;
    });
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete your review of Watercolour basics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Do You Want to Delete This Review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete This' }));
    expect(await screen.findByText(MESSAGES.reviewDeleteFailed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watercolour basics' })).toBeInTheDocument();
  });
});
