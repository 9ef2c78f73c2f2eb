import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { CertificateVerification } from './certificate-verification';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const hrefOf = (code: string) => `/certificates/${code}`;

afterEach(() => vi.unstubAllGlobals());

describe('certificate verification', () => {
  it('shows the name, course, teacher, date and the grouped code of a genuine certificate', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        jsonResponse(200, {
          code: 'G76FPN7JAEF53FR3',
          studentName: 'Lena Learner',
          courseTitle: 'Bread baking',
          teacherName: 'Grace Hopper',
          issuedAt: '2026-11-24T12:00:00.000Z',
        }),
      ),
    );
    renderWithApp(<CertificateVerification code="G76FPN7JAEF53FR3" hrefOf={hrefOf} />, { route: '/certificates/x' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Verified certificate' })).toBeInTheDocument();
    expect(screen.getByText('Lena Learner')).toBeInTheDocument();
    expect(screen.getByText('Bread baking')).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('24 November 2026')).toBeInTheDocument();
    expect(screen.getByText('G76F-PN7J-AEF5-3FR3')).toBeInTheDocument();
  });

  it('says "Certificate not found" for an unknown code and looks up another one typed in', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Certificate not found' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<CertificateVerification code="NOPE" hrefOf={hrefOf} />, {
      route: '/certificates/NOPE',
      path: '/certificates/:code',
      routes: [{ path: '/certificates/ABCDABCDABCDABCD', element: <p>Looked up</p> }],
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate not found' })).toBeInTheDocument();
    expect(screen.getByText('NOPE')).toBeInTheDocument();
    // A 404 is an answer: it is not retried.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText(/Verification code/), 'abcd-abcd abcd-abcd');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Looked up')).toBeInTheDocument();
  });
});
