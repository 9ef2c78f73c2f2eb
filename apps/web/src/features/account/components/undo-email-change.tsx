import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { toastMessageOf } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useUndoEmailChange } from '../api/undo-email-change';

const FAILED = 'The change could not be undone. Please try again later.';

/**
 * The link mailed to the old address after an e-mail change: one button restores that address and signs out every
 * session (a click, not the page load: mail scanners open links). Then the owner resets the password.
 */
export function UndoEmailChange({ token }: { token: string }) {
  const undo = useUndoEmailChange();
  const { endSession } = useAuth();

  if (undo.isSuccess) {
    return (
      <Stack gap="lg">
        <Alert color="green" variant="light" title="Your email address is back" icon={<IconCircleCheck aria-hidden />}>
          {undo.data.message}
        </Alert>
        <Group justify="flex-end">
          <Button component={Link} to={paths.forgetPassword.href()}>
            Reset my password
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Text>
        Restoring your previous address signs out every device, including anyone who changed it without you. The link
        works once, for 7 days.
      </Text>
      {undo.isError && (
        <Alert
          color="red"
          variant="light"
          styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
          title="The change was not undone"
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
        >
          {toastMessageOf(undo.error, FAILED)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button loading={undo.isPending} onClick={() => undo.mutate({ token }, { onSuccess: () => endSession() })}>
          Restore my previous email
        </Button>
      </Group>
    </Stack>
  );
}
