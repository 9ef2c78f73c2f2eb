import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { UndoEmailChangePage } from './undo-email-change-page';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('undo e-mail change page', { timeout: 20_000 }, () => {
  it('restores the address on a click (not on load), then offers a password reset', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse(200, { message: 'Your previous e-mail address has been restored.' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<UndoEmailChangePage />, { route: '/undo-email-change?token=abc' });
    expect(screen.getByRole('heading', { level: 1, name: 'Undo the email change' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Restore my previous email' }));
    expect(await screen.findByText('Your previous e-mail address has been restored.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/undo-email-change');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc' });
    expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute('href', '/forget-password');
  });

  it("shows the server's refusal of a used link", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'This link has expired or has already been used.',
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<UndoEmailChangePage />, { route: '/undo-email-change?token=used' });
    await user.click(screen.getByRole('button', { name: 'Restore my previous email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('expired or has already been used');
  });

  it('explains a link without a token', () => {
    renderWithApp(<UndoEmailChangePage />, { route: '/undo-email-change' });
    expect(screen.getByRole('alert')).toHaveTextContent('missing its token');
    expect(screen.queryByRole('button', { name: 'Restore my previous email' })).not.toBeInTheDocument();
  });
});
