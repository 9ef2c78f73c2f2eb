import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface LoadErrorProps {
  /** What could not be loaded, e.g. "The questions could not be loaded". */
  title: string;
  children?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}

/** The error state of a section whose data failed to load, with a retry. */
export function LoadError({ title, children, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      {children}
      {onRetry ? (
        <Button display="block" mt="sm" size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      ) : null}
    </Alert>
  );
}
