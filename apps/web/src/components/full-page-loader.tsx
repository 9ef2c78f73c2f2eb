import { Center, Loader, VisuallyHidden } from '@mantine/core';

export function FullPageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status">
      <Loader />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
