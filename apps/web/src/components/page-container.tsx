import { Container } from '@mantine/core';
import type { ReactNode } from 'react';

/** The content column of a public page. */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      {children}
    </Container>
  );
}
