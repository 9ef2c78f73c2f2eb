import { CLASS_MESSAGES } from '@lyceum/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { JoinClassForm } from './join-class-form';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('joining a class with a code', () => {
  it('sends a visitor on with the code as typed, without calling the server', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const onNeedsAccount = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<JoinClassForm canJoin={false} onJoined={vi.fn()} onNeedsAccount={onNeedsAccount} />);
    await user.type(screen.getByRole('textbox', { name: 'Access code' }), ' abc-defg ');
    await user.click(screen.getByRole('button', { name: 'Join class' }));
    expect(onNeedsAccount).toHaveBeenCalledWith('abc-defg');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('joins a signed-in student and hands back the class', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      json({ classId: '5d1c7a2e-3b4f-4a6d-9e8f-7a6b5c4d3e2f', name: 'Algebra', alreadyMember: false }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onJoined = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<JoinClassForm canJoin onJoined={onJoined} onNeedsAccount={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Access code' }), 'abcdefg');
    await user.click(screen.getByRole('button', { name: 'Join class' }));
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith('5d1c7a2e-3b4f-4a6d-9e8f-7a6b5c4d3e2f'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/classes/join');
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'abcdefg' });
  });

  it('shows the server’s sentence under the field for a wrong code and for too many tries', async () => {
    const answers = [
      json({ statusCode: 404, error: 'Not Found', message: CLASS_MESSAGES.wrongCode }, 404),
      json({ statusCode: 429, error: 'Too Many Requests', message: CLASS_MESSAGES.tooManyCodes }, 429),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => answers.shift()!),
    );
    const user = userEvent.setup();
    renderWithApp(<JoinClassForm canJoin onJoined={vi.fn()} onNeedsAccount={vi.fn()} />);
    const field = screen.getByRole('textbox', { name: 'Access code' });
    await user.type(field, 'ZZZZZZZ');
    await user.click(screen.getByRole('button', { name: 'Join class' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(new RegExp(CLASS_MESSAGES.wrongCode)));
    await user.click(screen.getByRole('button', { name: 'Join class' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining(CLASS_MESSAGES.tooManyCodes)),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('announces a wrong code in a live region, again on each wrong try', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        json({ statusCode: 404, error: 'Not Found', message: CLASS_MESSAGES.wrongCode }, 404),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<JoinClassForm canJoin onJoined={vi.fn()} onNeedsAccount={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Access code' }), 'ZZZZZZZ');
    await user.click(screen.getByRole('button', { name: 'Join class' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CLASS_MESSAGES.wrongCode);
    // The same sentence again is a new alert (the old one is gone while the code is checked), so it is read again.
    await user.click(screen.getByRole('button', { name: 'Join class' }));
    await waitFor(() => expect(screen.getByRole('alert')).not.toBe(alert));
    expect(screen.getByRole('alert')).toHaveTextContent(CLASS_MESSAGES.wrongCode);
  });
});
