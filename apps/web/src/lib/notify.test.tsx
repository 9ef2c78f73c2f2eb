import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { notifyError, Toasts } from './notify';

describe('toasts', () => {
  it('fetches the container with the first toast and shows that toast', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Toasts />
      </MantineProvider>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => notifyError('Failed to view Forum'));
    expect(await screen.findByText('Failed to view Forum')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
  });
});
