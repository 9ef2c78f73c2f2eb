import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { Unsubscribe } from './unsubscribe';

const USER = '5d1c7a2e-3b4f-4a6d-9e8f-7a6b5c4d3e2f';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the unsubscribe page', () => {
  it('names the kind of notification before the click, and the button says what it stops', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<Unsubscribe token={`${USER}~class.announcement~mac`} />);
    expect(screen.getByText(/Class announcement/, { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/A teacher posts an announcement in one of your classes/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop e-mails about “Class announcement”' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names the daily summary', async () => {
    renderWithApp(<Unsubscribe token={`${USER}~digest~mac`} />);
    expect(screen.getByRole('button', { name: 'Stop the daily summary' })).toBeInTheDocument();
    expect(screen.getByText('Daily summary', { selector: 'strong' })).toBeInTheDocument();
  });

  it('says which kind was turned off after the click', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () =>
          new Response(JSON.stringify({ type: 'class.announcement', label: 'Class announcement', email: 'off' }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<Unsubscribe token={`${USER}~class.announcement~mac`} />);
    await user.click(screen.getByRole('button', { name: /Stop e-mails/ }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You will no longer get e-mails for “Class announcement”',
    );
  });
});
