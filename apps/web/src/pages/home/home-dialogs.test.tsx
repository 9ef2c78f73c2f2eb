import type { TokenUser } from '@lyceum/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionOf } from '@/features/forum/testing/session';
import { renderWithApp } from '@/test/render';
import { STUDENT } from '@/test/tokens';
import { AudienceCalls, instructorCallOf } from './audience-calls';
import { HowItWorksButton } from './how-it-works';

const TEACHER: TokenUser = { ...STUDENT, id: '3b9d2f4e-5a6c-4d7e-8f90-1a2b3c4d5e6f', role: 'teacher' };

describe('watch how it works', () => {
  it('opens a labelled walkthrough of three steps, loaded on first open, and closes again', async () => {
    const user = userEvent.setup();
    renderWithApp(<HowItWorksButton />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Watch how it works' }));
    const dialog = await screen.findByRole('dialog', { name: 'How Lyceum works' }, { timeout: 5000 });
    const steps = within(dialog).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps.map((step) => within(step).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Find a course',
      'Enrol and learn',
      'Ask and review',
    ]);
    expect(within(dialog).getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/courses');
    expect(within(dialog).getByRole('link', { name: 'Join for free' })).toHaveAttribute('href', '/register');
    expect(within(dialog).getByRole('link', { name: 'Sign up as a teacher' })).toHaveAttribute(
      'href',
      '/register?role=teacher',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Watch how it works' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Watch how it works' }));
    expect(await screen.findByRole('dialog', { name: 'How Lyceum works' })).toBeInTheDocument();
  });

  it('offers no sign-up to someone already logged in', async () => {
    const user = userEvent.setup();
    renderWithApp(<HowItWorksButton />, { auth: sessionOf() });
    await user.click(screen.getByRole('button', { name: 'Watch how it works' }));
    const dialog = await screen.findByRole('dialog', { name: 'How Lyceum works' }, { timeout: 5000 });
    expect(within(dialog).getByRole('link', { name: 'Browse courses' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Join for free' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Sign up as a teacher' })).not.toBeInTheDocument();
  });
});

describe('enter access code', () => {
  async function openDialog() {
    const user = userEvent.setup();
    renderWithApp(<AudienceCalls />);
    await user.click(screen.getByRole('button', { name: 'Enter access code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter access code' }, { timeout: 5000 });
    return { user, dialog };
  }

  it('explains that codes come from a teacher and offers the catalogue', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveTextContent('Your teacher gives you the code of their class');
    expect(within(dialog).getByRole('textbox', { name: 'Access code' })).toHaveFocus();
    expect(within(dialog).getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/courses');
  });

  it('asks for a code when none is typed', async () => {
    const { user, dialog } = await openDialog();
    const field = within(dialog).getByRole('textbox', { name: 'Access code' });
    await user.click(within(dialog).getByRole('button', { name: 'Join class' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Enter the code your teacher gave you/);
    await user.type(field, 'X');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('closes with Escape and gives focus back to its button', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Enter access code' })).toHaveFocus();
  });

  it('starts empty when opened again', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Access code' }), 'MATH-7B');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Enter access code' }));
    const again = await screen.findByRole('dialog', { name: 'Enter access code' });
    expect(within(again).getByRole('textbox', { name: 'Access code' })).toHaveValue('');
  });
});

describe('start a class today', () => {
  it('sends a visitor to sign up as a teacher, and a teacher to the new-class form', () => {
    const { unmount } = renderWithApp(<AudienceCalls />);
    expect(screen.getByRole('link', { name: 'Start a class today' })).toHaveAttribute('href', '/register?role=teacher');
    unmount();
    renderWithApp(<AudienceCalls />, { auth: sessionOf(TEACHER) });
    expect(screen.getByRole('link', { name: 'Start a class today' })).toHaveAttribute('href', '/teacher/classes?new=1');
  });

  it('sends an admin to add a course, and a student to the guide on teaching', () => {
    expect(instructorCallOf('admin').href).toBe('/admin/add-course');
    expect(instructorCallOf('student')).toMatchObject({ label: 'How to start teaching', href: '/docs#teachers' });
    renderWithApp(<AudienceCalls />, { auth: sessionOf() });
    expect(screen.getByRole('link', { name: 'How to start teaching' })).toHaveAttribute('href', '/docs#teachers');
  });
});
