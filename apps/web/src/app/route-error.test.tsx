import { MESSAGES } from '@lyceum/contract/constants';
import { screen } from '@testing-library/react';
import { data } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { NotFound, RouteErrorBoundary } from './route-error';

describe('the error pages (issue 46.2)', () => {
  it('says that a missing page is missing, not that the application failed', async () => {
    renderWithApp(<NotFound />, { route: '/no-such-page', path: '*' });
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.pageNotFound })).toBeInTheDocument();
    expect(screen.getByText(/We could not find that page/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: MESSAGES.unexpectedError })).not.toBeInTheDocument();
    expect(document.title).toContain(MESSAGES.pageNotFound);
  });

  it('says the same for a route that answers 404', async () => {
    renderWithApp(<p>home</p>, {
      route: '/courses/gone',
      path: '/',
      routes: [
        {
          path: '/courses/gone',
          loader: () => {
            throw data('Not found', { status: 404 });
          },
          Component: () => <p>never shown</p>,
          ErrorBoundary: RouteErrorBoundary,
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.pageNotFound })).toBeInTheDocument();
  });

  it('keeps the routing layer’s fallback heading for a route that fails', async () => {
    renderWithApp(<p>home</p>, {
      route: '/broken',
      path: '/',
      routes: [
        {
          path: '/broken',
          loader: () => {
            throw new Error('the data could not be read');
          },
          Component: () => <p>never shown</p>,
          ErrorBoundary: RouteErrorBoundary,
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.unexpectedError })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: MESSAGES.pageNotFound })).not.toBeInTheDocument();
  });
});
