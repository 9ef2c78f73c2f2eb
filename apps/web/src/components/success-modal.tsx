import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

export interface SuccessModalProps {
  opened: boolean;
  /** The headline, e.g. "You successfully posted your question!". */
  title: string;
  message?: string;
  continueLabel?: string;
  /** Continue, Escape and a click outside all close it. */
  onContinue: () => void;
}

/**
 * Confirms that something was saved, with one way onward. Built from Modal's parts so the centred
 * title is the dialog's name.
 */
export function SuccessModal({ opened, title, message, continueLabel = 'Continue', onContinue }: SuccessModalProps) {
  return (
    <Modal.Root opened={opened} onClose={onContinue} centered radius="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body>
          <Stack align="center" ta="center" gap="md" py="lg" px={{ base: 0, xs: 'md' }}>
            <ThemeIcon size={64} radius={64} color="teal" variant="light">
              <IconCheck size={36} aria-hidden />
            </ThemeIcon>
            <Modal.Title fz={22} fw={800} lh={1.3}>
              {title}
            </Modal.Title>
            {message ? <Text c="dimmed">{message}</Text> : null}
            <Button size="md" onClick={onContinue} data-autofocus mt="xs" miw={160}>
              {continueLabel}
            </Button>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
