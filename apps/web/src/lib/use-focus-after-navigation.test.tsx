import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFocusAfterNavigation } from './use-focus-after-navigation';

function Root() {
  useFocusAfterNavigation();
  return (
    <>
      <nav>
        <Link to="/other">Other page</Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

/** A form whose button goes with the page: as logging in, creating a class or starting an attempt do. */
function FormPage() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Log in</h1>
      <button type="button" onClick={() => void navigate('/welcome')}>
        Continue
      </button>
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Root />,
        children: [
          { index: true, element: <FormPage /> },
          { path: 'welcome', element: <h1>Welcome back</h1> },
          { path: 'other', element: <h1>Other page</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('focus after navigation (issue 46.14)', () => {
  it('moves to the new page’s heading when the control that navigated went with the old page', async () => {
    renderApp();
    // The first page is the browser's: nothing is focused by the app.
    expect(document.activeElement).toBe(document.body);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const heading = await screen.findByRole('heading', { name: 'Welcome back' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves focus where it is when it is still on the page (a header link)', async () => {
    renderApp();
    const link = screen.getByRole('link', { name: 'Other page' });
    await userEvent.click(link);
    await screen.findByRole('heading', { name: 'Other page' });
    // A frame later the hook has looked: the link kept the focus.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(link).toHaveFocus();
  });
});
