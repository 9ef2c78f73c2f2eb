import { MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout2 } from '@tabler/icons-react';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLogoutEverywhere } from '../api/logout-everywhere';

/** "Log out everywhere": asks first, then revokes every session of the account except this tab's. */
export function LogoutEverywhere() {
  const [opened, modal] = useDisclosure(false);
  const logoutEverywhere = useLogoutEverywhere();

  const confirm = () =>
    logoutEverywhere.mutate(undefined, {
      onSuccess: (answer) => {
        modal.close();
        notifySuccess(answer.message);
      },
      onError: (error) => {
        modal.close();
        notifyError(toastMessageOf(error, MESSAGES.somethingWentWrong));
      },
    });

  return (
    <>
      <Text size="sm" c="dimmed" mb="md">
        Signed in on a shared or lost device? Sign out every browser and device at once. You stay signed in here.
      </Text>
      <Button variant="default" color="red.8" leftSection={<IconLogout2 size={18} aria-hidden />} onClick={modal.open}>
        Log out everywhere
      </Button>
      <Modal
        opened={opened}
        onClose={logoutEverywhere.isPending ? () => {} : modal.close}
        title="Log out everywhere?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text size="sm">
          Every other browser and device signed in to your account will be signed out and must log in again. This tab
          stays signed in.
        </Text>
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={modal.close} disabled={logoutEverywhere.isPending}>
            Cancel
          </Button>
          <Button color="red.8" onClick={confirm} loading={logoutEverywhere.isPending} data-autofocus>
            Log out everywhere
          </Button>
        </Group>
      </Modal>
    </>
  );
}
