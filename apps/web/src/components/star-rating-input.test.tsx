import { RATING } from '@lyceum/contract/constants';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme';
import { StarRatingInput } from './star-rating-input';

function Harness({ onChange }: { onChange?: (value: number) => void }) {
  const [value, setValue] = useState<number>(RATING.default);
  return (
    <MantineProvider theme={theme} env="test">
      <StarRatingInput
        label="Your rating"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
    </MantineProvider>
  );
}

describe('star rating input', () => {
  it('is a labelled group of five radio buttons that starts at 1 star', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(group).toBeInTheDocument();
    const stars = screen.getAllByRole('radio');
    expect(stars.map((star) => star.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(screen.getByRole('radio', { name: '1 star' })).toBeChecked();
  });

  it('is operated with the keyboard: Tab reaches the chosen star, arrows move and choose', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);

    await user.tab();
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '5 stars' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(4);
  });

  it('chooses a rating with a click on a star', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '1 star' })).not.toBeChecked();
  });
});
