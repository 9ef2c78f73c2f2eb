import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import type { BlogTopic } from '../articles';
import { TopicFilter } from './topic-filter';

function Harness() {
  const [topic, setTopic] = useState<BlogTopic | null>(null);
  return (
    <>
      <TopicFilter value={topic} onChange={setTopic} />
      <output aria-label="chosen">{topic ?? 'all'}</output>
    </>
  );
}

describe('topic filter', () => {
  it('offers All topics and the four topics as toggle buttons, one pressed at a time', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    const group = screen.getByRole('group', { name: 'Filter by topic:' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['All topics', 'UX/UI', 'React', 'PHP', 'JavaScript']);
    expect(within(group).getByRole('button', { name: 'All topics' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(group).getByRole('button', { name: 'PHP' }));
    expect(screen.getByLabelText('chosen')).toHaveTextContent('php');
    expect(within(group).getByRole('button', { name: 'PHP' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'All topics' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(group).getByRole('button', { name: 'All topics' }));
    expect(screen.getByLabelText('chosen')).toHaveTextContent('all');
  });
});
