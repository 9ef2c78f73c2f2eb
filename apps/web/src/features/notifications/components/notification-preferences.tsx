import type { EmailChoice } from '@lyceum/contract';
import { Alert, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePreferences, useUpdatePreferences } from '../api/notifications';

const CHOICES: { value: EmailChoice; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'immediate', label: 'Right away' },
  { value: 'digest', label: 'Daily summary' },
];

/** The id of My Account's notification section: /notifications links to it (`#notification-settings`). */
export const NOTIFICATION_SETTINGS_ID = 'notification-settings';

/** My Account: per kind of notification, whether it is e-mailed right away, in the daily summary, or not at all. */
export function NotificationPreferencesForm({ userId }: { userId: string }) {
  const preferences = usePreferences(userId);
  const update = useUpdatePreferences(userId);

  if (preferences.isPending) return <Skeleton h={120} />;
  if (preferences.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        Your notification settings could not be loaded.
      </Alert>
    );
  }
  if (preferences.data.items.length === 0) {
    return <Text c="dimmed">There are no e-mail notifications for your role yet; you see everything in the bell.</Text>;
  }
  return (
    <Stack gap="lg">
      {preferences.data.items.map((item) => {
        const labelId = `pref-${item.type.replace('.', '-')}`;
        return (
          <Group key={item.type} justify="space-between" align="center" gap="sm">
            <Stack gap={0} maw={360}>
              <Text fw={600} id={labelId}>
                {item.label}
              </Text>
              <Text size="sm" c="dimmed">
                {item.description}
              </Text>
            </Stack>
            <SegmentedControl
              aria-labelledby={labelId}
              data={CHOICES}
              value={item.email}
              disabled={update.isPending}
              onChange={(value) =>
                update.mutate(
                  { items: [{ type: item.type, email: value as EmailChoice }] },
                  {
                    onSuccess: () => notifySuccess('Notification settings saved', 'prefs-saved'),
                    onError: () => notifyError('Your notification settings were not saved', 'prefs-failed'),
                  },
                )
              }
            />
          </Group>
        );
      })}
    </Stack>
  );
}
