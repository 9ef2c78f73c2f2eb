import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { ResetPasswordPage } from './reset-password-page';

describe('reset password page', { timeout: 20_000 }, () => {
  it('asks for the new password when the link carries a token', () => {
    renderWithApp(<ResetPasswordPage />, { route: '/reset-password?token=abc' });
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('explains a link without a token and links to a new request', () => {
    renderWithApp(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('missing its token');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forget-password');
  });
});
