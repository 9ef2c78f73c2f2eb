import type { VoteValue } from '@lyceum/contract';
import { ActionIcon, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowBigDown, IconArrowBigDownFilled, IconArrowBigUp, IconArrowBigUpFilled } from '@tabler/icons-react';
import { useId } from 'react';

export interface VoteControlProps {
  score: number;
  /** The viewer's vote: 1 up, -1 down, 0 none. */
  myVote: VoteValue;
  /** What is voted on, for the buttons' names: "question" or "answer". */
  target: 'question' | 'answer';
  /** Why this viewer cannot vote (their own post, not logged in); null when they can. */
  disabledReason: string | null;
  onVote: (value: VoteValue) => void;
  /** A vote is on its way: further clicks wait. */
  pending?: boolean;
}

/** The vote a click on a button sends: the same button again withdraws the vote (toggle). */
export function nextVote(current: VoteValue, pressed: 1 | -1): VoteValue {
  return current === pressed ? 0 : pressed;
}

/** Up and down toggle buttons around the score, as on Q&A sites; pressed state shows the viewer's vote. */
export function VoteControl({ score, myVote, target, disabledReason, onVote, pending = false }: VoteControlProps) {
  const reasonId = useId();
  const disabled = disabledReason !== null;
  const vote = (pressed: 1 | -1) => {
    if (!pending) onVote(nextVote(myVote, pressed));
  };
  const describedBy = disabled ? reasonId : undefined;

  return (
    <Stack
      gap={2}
      align="center"
      role="group"
      aria-label={`Votes on this ${target}`}
      title={disabledReason ?? undefined}
      style={{ flexShrink: 0 }}
      aria-busy={pending}
    >
      <ActionIcon
        variant={myVote === 1 ? 'filled' : 'default'}
        size="lg"
        radius="xl"
        aria-label={`Upvote this ${target}`}
        aria-pressed={myVote === 1}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => vote(1)}
      >
        {myVote === 1 ? <IconArrowBigUpFilled size={20} aria-hidden /> : <IconArrowBigUp size={20} aria-hidden />}
      </ActionIcon>
      <Text fw={800} fz="lg" lh={1.6} aria-live="polite" data-testid={`${target}-score`}>
        <VisuallyHidden>Score </VisuallyHidden>
        {score}
      </Text>
      <ActionIcon
        variant={myVote === -1 ? 'filled' : 'default'}
        color={myVote === -1 ? 'red.8' : undefined}
        size="lg"
        radius="xl"
        aria-label={`Downvote this ${target}`}
        aria-pressed={myVote === -1}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => vote(-1)}
      >
        {myVote === -1 ? <IconArrowBigDownFilled size={20} aria-hidden /> : <IconArrowBigDown size={20} aria-hidden />}
      </ActionIcon>
      {disabled ? <VisuallyHidden id={reasonId}>{disabledReason}</VisuallyHidden> : null}
    </Stack>
  );
}
