import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { ListPagination, pageItems } from './list-pagination';

describe('list pagination', () => {
  it('shows every page up to seven, otherwise seven items with dots around the current page', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'dots', 10]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'dots', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'dots', 4, 5, 6, 'dots', 10]);
    expect(pageItems(7, 10)).toEqual([1, 'dots', 6, 7, 8, 9, 10]);
    expect(pageItems(10, 10)).toEqual([1, 'dots', 6, 7, 8, 9, 10]);
  });

  it('marks the current page, moves by page number and by the arrows, and disables the arrow at an end', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ListPagination page={1} pageSize={20} total={95} onChange={onChange} label="Question pages" />);
    const nav = screen.getByRole('navigation', { name: 'Question pages' });

    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onChange.mock.calls).toEqual([[3], [2]]);
  });

  it('shows nothing when everything fits on one page', () => {
    renderWithApp(<ListPagination page={1} pageSize={20} total={20} onChange={() => {}} label="Question pages" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
