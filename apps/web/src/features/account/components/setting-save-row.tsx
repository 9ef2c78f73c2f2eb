import { Button, Group, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';

/**
 * The foot of a one-setting form in My Account (language, time zone): what the last save said, announced, and the
 * save button — never disabled, not even while saving, so focus stays on it (issue 46.14).
 */
export function SettingSaveRow({
  said,
  busy,
  buttonRef,
  children,
}: {
  said: string;
  busy: boolean;
  buttonRef: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end" gap="md">
      <Text size="sm" c="dimmed" aria-live="polite" role="status">
        {said}
      </Text>
      <Button
        ref={buttonRef}
        type="submit"
        size="md"
        variant="light"
        aria-busy={busy}
        leftSection={<IconDeviceFloppy size={18} aria-hidden />}
      >
        {children}
      </Button>
    </Group>
  );
}
