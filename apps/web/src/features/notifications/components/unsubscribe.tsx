import { NOTIFICATION_TYPES, type NotificationType } from '@lyceum/contract/constants';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { toastMessageOf } from '@/lib/api-client';
import { unsubscribe } from '../api/notifications';

/**
 * The kind of e-mail a token stops, read from the token itself (`user~type~mac`, signed by the server): shown before
 * the click; the server checks the signature when the button is pressed. Null for a token of another shape.
 */
export function kindOfToken(token: string): { label: string; description: string; digest: boolean } | null {
  const type = token.split('~')[1] ?? '';
  if (type === 'digest') {
    return {
      label: 'Daily summary',
      description: 'One e-mail a day listing the notifications you chose to get as a summary.',
      digest: true,
    };
  }
  if (!Object.hasOwn(NOTIFICATION_TYPES, type)) return null;
  const kind = NOTIFICATION_TYPES[type as NotificationType];
  return { label: kind.label, description: kind.description, digest: false };
}

/**
 * The page of a mail's unsubscribe link: one button (a click, not the page load: mail scanners open links) turns
 * that kind of e-mail off. The mail's one-click header does the same without this page (RFC 8058).
 */
export function Unsubscribe({ token }: { token: string }) {
  const action = useMutation({ mutationFn: () => unsubscribe(token) });
  const kind = kindOfToken(token);

  if (!token) {
    return (
      <Alert color="red" variant="light" title="This link has no token" icon={<IconAlertTriangle aria-hidden />}>
        Open the unsubscribe link from the e-mail itself.
      </Alert>
    );
  }
  if (action.isSuccess) {
    return (
      <Alert color="green" variant="light" title="Unsubscribed" icon={<IconCircleCheck aria-hidden />} role="status">
        You will no longer get e-mails for “{action.data.label}”. You still see these notifications in Lyceum, and you
        can turn the e-mails back on in My Account.
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      {kind ? (
        <Text>
          {kind.digest ? 'This stops the ' : 'This stops the e-mails about '}
          <strong>{kind.label}</strong>
          {kind.digest ? '' : ' notifications'}: {kind.description}
        </Text>
      ) : null}
      <Text>You can turn them back on at any time under Notifications in My Account.</Text>
      {action.isError ? (
        <Alert
          color="red"
          variant="light"
          styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
          title="Not unsubscribed"
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
        >
          {toastMessageOf(action.error, 'Something went wrong. Please try again later.')}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button loading={action.isPending} onClick={() => action.mutate()}>
          {kind
            ? kind.digest
              ? 'Stop the daily summary'
              : `Stop e-mails about “${kind.label}”`
            : 'Stop these e-mails'}
        </Button>
      </Group>
    </Stack>
  );
}
