import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

export interface AccountSectionProps {
  title: string;
  description?: string;
  /** The section's address on the page (`#id`): a link to it scrolls it into view once the page has rendered. */
  id?: string;
  children: ReactNode;
}

/** One card of My Account: a landmark section named by its heading. */
export function AccountSection({ title, description, id, children }: AccountSectionProps) {
  const headingId = useId();
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  // The area's pages arrive after the router has tried to scroll to the hash: scroll here, once rendered.
  useEffect(() => {
    if (id && hash === `#${id}`) ref.current?.scrollIntoView({ block: 'start' });
  }, [id, hash]);
  return (
    <Paper
      ref={ref}
      component="section"
      id={id}
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 16px)' }}
    >
      <Stack gap={4} mb="lg">
        <Title order={2} fz="xl" id={headingId}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Paper>
  );
}
