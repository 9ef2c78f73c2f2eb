import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, type RefObject } from 'react';
import { focusOpener } from '../lib/use-opener';

export interface SuccessModalProps {
  opened: boolean;
  /** The headline, e.g. "You successfully posted your question!". */
  title: string;
  message?: string;
  continueLabel?: string;
  /** Continue, Escape and a click outside all close it. */
  onContinue: () => void;
  /**
   * The control that started what this modal confirms (e.g. "Ask a Question"), focused again when it closes.
   * Needed because the control focused when the modal opened (a submit button that was loading, a form that
   * closed) is usually gone by then, and focus would fall to the page body.
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * Confirms that something was saved, with one way onward. Built from Modal's parts so the centred
 * title is the dialog's name.
 */
export function SuccessModal({
  opened,
  title,
  message,
  continueLabel = 'Continue',
  onContinue,
  returnFocusRef,
}: SuccessModalProps) {
  const wasOpened = useRef(false);
  useEffect(() => {
    if (opened) wasOpened.current = true;
    else if (wasOpened.current) {
      wasOpened.current = false;
      focusOpener(returnFocusRef?.current);
    }
  }, [opened, returnFocusRef]);

  return (
    <Modal.Root opened={opened} onClose={onContinue} centered radius="lg" returnFocus={!returnFocusRef}>
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
