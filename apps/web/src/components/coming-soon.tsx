import { Button, EmptyState, Paper } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from './page-header';

export interface ComingSoonProps {
  /** The page title (h1). */
  title: string;
  /** What this page will offer once it is built. */
  description: string;
  /** An honest way onward, e.g. back to the dashboard. */
  action?: { label: string; href: string };
  children?: ReactNode;
}

/** The placeholder of a screen that is not built yet: says so plainly, and pretends nothing. */
export function ComingSoon({ title, description, action, children }: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} bg="gray.0">
        <EmptyState
          variant="light"
          size="lg"
          icon={<IconHourglassHigh size={32} aria-hidden />}
          title="Coming soon"
          description={description}
        >
          {children}
          {action ? (
            <EmptyState.Actions>
              <Button component={Link} to={action.href} variant="default">
                {action.label}
              </Button>
            </EmptyState.Actions>
          ) : null}
        </EmptyState>
      </Paper>
    </>
  );
}
