import type { VoteValue } from '@lyceum/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { nextVote, VoteControl } from './vote-control';

function renderControl(myVote: VoteValue, disabledReason: string | null = null) {
  const onVote = vi.fn<(value: VoteValue) => void>();
  renderWithApp(
    <VoteControl score={4} myVote={myVote} target="answer" disabledReason={disabledReason} onVote={onVote} />,
  );
  return {
    onVote,
    up: screen.getByRole('button', { name: 'Upvote this answer' }),
    down: screen.getByRole('button', { name: 'Downvote this answer' }),
  };
}

describe('vote buttons', () => {
  it('toggle: the pressed button withdraws the vote, the other switches it', () => {
    expect(nextVote(0, 1)).toBe(1);
    expect(nextVote(1, 1)).toBe(0);
    expect(nextVote(1, -1)).toBe(-1);
    expect(nextVote(-1, -1)).toBe(0);
  });

  it('shows no vote as two unpressed buttons around the score', async () => {
    const user = userEvent.setup();
    const { up, down, onVote } = renderControl(0);
    expect(up).toHaveAttribute('aria-pressed', 'false');
    expect(down).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('group', { name: 'Votes on this answer' })).toHaveTextContent('Score 4');
    await user.click(up);
    expect(onVote).toHaveBeenLastCalledWith(1);
    await user.click(down);
    expect(onVote).toHaveBeenLastCalledWith(-1);
  });

  it('shows an upvote as pressed; pressing it again withdraws it', async () => {
    const user = userEvent.setup();
    const { up, down, onVote } = renderControl(1);
    expect(up).toHaveAttribute('aria-pressed', 'true');
    expect(down).toHaveAttribute('aria-pressed', 'false');
    await user.click(up);
    expect(onVote).toHaveBeenCalledWith(0);
  });

  it('shows a downvote as pressed; pressing up replaces it', async () => {
    const user = userEvent.setup();
    const { up, down, onVote } = renderControl(-1);
    expect(down).toHaveAttribute('aria-pressed', 'true');
    await user.click(up);
    expect(onVote).toHaveBeenCalledWith(1);
  });

  it('is disabled with the reason when the viewer may not vote', async () => {
    const user = userEvent.setup();
    const { up, down, onVote } = renderControl(0, 'You cannot vote on your own post');
    expect(up).toBeDisabled();
    expect(down).toBeDisabled();
    expect(up).toHaveAccessibleDescription('You cannot vote on your own post');
    await user.click(up);
    expect(onVote).not.toHaveBeenCalled();
  });

  it('ignores clicks while a vote is on its way', async () => {
    const user = userEvent.setup();
    const onVote = vi.fn();
    renderWithApp(<VoteControl score={0} myVote={0} target="question" disabledReason={null} onVote={onVote} pending />);
    await user.click(screen.getByRole('button', { name: 'Upvote this question' }));
    expect(onVote).not.toHaveBeenCalled();
  });
});
