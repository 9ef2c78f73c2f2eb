import { Button, Group, Modal, NavLink, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { countWaitingAnswers } from '@/features/assessments/components/answer-store';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { useIntl } from '@/i18n/intl';
import { useAuth } from '@/lib/auth/auth-context';
import { areaLayoutMessages as m } from './messages';

/**
 * The sidebar's Logout. Answers given offline and not yet confirmed by the server (ADR 059) would wait in this
 * browser until the student signs in again (ADR 072): logging out first says so, and lets them stay signed in.
 */
export function LogoutItem({ className }: { className?: string }) {
  const intl = useIntl();
  const logout = useLogout();
  const userId = useAuth().state.user?.id;
  const [waiting, setWaiting] = useState(0);
  const [checking, setChecking] = useState(false);

  const onClick = async () => {
    setChecking(true);
    const count = userId ? await countWaitingAnswers(userId) : 0;
    setChecking(false);
    if (count > 0) setWaiting(count);
    else await logout();
  };

  return (
    <>
      <NavLink
        component="button"
        type="button"
        label={intl.formatMessage(m.logout)}
        leftSection={<IconLogout size={20} stroke={1.6} aria-hidden />}
        color="red"
        className={className}
        disabled={checking}
        onClick={() => void onClick()}
      />
      <Modal
        opened={waiting > 0}
        onClose={() => setWaiting(0)}
        title={intl.formatMessage(m.unsentTitle)}
        centered
        // Its two buttons say what each choice does; Escape stays signed in too.
        withCloseButton={false}
        attributes={{ header: { role: 'presentation' } }}
      >
        <Text size="sm">{intl.formatMessage(m.unsentBody, { count: waiting })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button color="red.8" variant="default" onClick={() => void logout()}>
            {intl.formatMessage(m.logoutAnyway)}
          </Button>
          <Button onClick={() => setWaiting(0)} data-autofocus>
            {intl.formatMessage(m.stay)}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
