import { AppShell } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOGGED_OUT, authReducer } from '@/lib/auth/auth-reducer';
import { decodeSessionToken } from '@/lib/auth/token';
import { renderWithApp } from '@/test/render';
import { makeToken, STUDENT } from '@/test/tokens';
import { DEFAULT_AVATAR_SRC } from '../user-avatar';
import { SiteHeader } from './site-header';

function loggedInAs(profileImage: string | null) {
  const payload = decodeSessionToken(makeToken({}, { ...STUDENT, profileImage }));
  if (!payload) throw new Error('test token did not decode');
  return authReducer(LOGGED_OUT, { type: 'login-success', payload });
}

function renderHeader(auth = LOGGED_OUT) {
  return renderWithApp(
    <AppShell header={{ height: 72 }}>
      <SiteHeader />
    </AppShell>,
    { auth },
  );
}

describe('site header', () => {
  it('links the main pages', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Courses', '/courses'],
      ['Community-Forum', '/forum'],
      ['Blog', '/blog'],
      ['About Us', '/aboutUs'],
    ]);
  });

  it('offers Login and Sign Up to a visitor', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(screen.queryByText(STUDENT.username)).not.toBeInTheDocument();
  });

  it("shows a logged-in student's avatar and username, linking to the student area", () => {
    renderHeader(loggedInAs(null));
    const account = screen.getByRole('link', { name: new RegExp(STUDENT.username) });
    expect(account).toHaveAttribute('href', '/student');
    expect(within(account).getByText(STUDENT.username)).toBeInTheDocument();
    expect(within(account).getByRole('img', { name: `Profile picture of ${STUDENT.username}` })).toHaveAttribute(
      'src',
      DEFAULT_AVATAR_SRC,
    );
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('gives a signed-in student "Join a class" before the bell and their account (issue 46.7)', () => {
    renderHeader(loggedInAs(null));
    expect(screen.getByRole('link', { name: 'Join a class' })).toHaveAttribute('href', '/join');
  });

  it('shows no "Join a class" to a visitor', () => {
    renderHeader();
    expect(screen.queryByRole('link', { name: 'Join a class' })).not.toBeInTheDocument();
  });

  it("uses the user's uploaded picture when there is one", () => {
    renderHeader(loggedInAs('ada.webp'));
    const account = screen.getByRole('link', { name: new RegExp(STUDENT.username) });
    expect(within(account).getByRole('img', { name: `Profile picture of ${STUDENT.username}` })).toHaveAttribute(
      'src',
      '/uploads/ada.webp',
    );
  });
});
