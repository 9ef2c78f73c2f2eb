import { EmptyState, Paper } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptySectionProps {
  /** The message, e.g. MESSAGES.emptySection. */
  message: string;
  description?: ReactNode;
  /** A way onward (a link or button). */
  children?: ReactNode;
  icon?: ReactNode;
}

/** The empty state of a list: says there is nothing here, and offers a way onward. */
export function EmptySection({ message, description, children, icon }: EmptySectionProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} bg="gray.0">
      <EmptyState
        variant="light"
        icon={icon ?? <IconInbox size={28} aria-hidden />}
        title={message}
        description={description}
      >
        {children ? <EmptyState.Actions>{children}</EmptyState.Actions> : null}
      </EmptyState>
    </Paper>
  );
}
