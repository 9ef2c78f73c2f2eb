import type { LinkedGuardian } from '@lyceum/contract';
import { formatDate } from '@lyceum/contract/constants';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { useTimeZone } from '@/lib/use-time-zone';
import { notifySuccess } from '@/lib/notify';
import { useMyGuardians, useUnlinkMyGuardian } from '../api/guardians';
import { guardiansMessages as m } from '../messages';

const unlinkButtonId = (guardianId: string) => `unlink-my-guardian-${guardianId}`;
const fullName = (g: LinkedGuardian) => `${g.firstname} ${g.lastname}`;

/**
 * The heading that names the section this list sits in (its `aria-labelledby`), made focusable: where focus goes
 * once a guardian has been unlinked and their row (with the button that opened the dialog) is gone.
 */
function focusSectionHeading(inside: HTMLElement | null) {
  const labelledBy = inside?.closest('section')?.getAttribute('aria-labelledby');
  const heading = labelledBy ? document.getElementById(labelledBy) : null;
  if (!heading) return;
  heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * The student's own guardians (GET /api/me/guardians): who sees their classes and work due. A student aged 18 or
 * more (ADR 070: the server says `canUnlink`) may unlink one, after a confirmation naming them.
 */
export function MyGuardians() {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const guardians = useMyGuardians();
  const unlink = useUnlinkMyGuardian();
  const [confirming, setConfirming] = useState<LinkedGuardian | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const unlinked = useRef(false);
  /** The guardian whose Unlink button opened the dialog: focus goes back to it when nothing was unlinked. */
  const lastOpened = useRef<string | null>(null);
  const container = useRef<HTMLDivElement>(null);

  if (guardians.isError)
    return <LoadError title={intl.formatMessage(m.guardiansFailed)} onRetry={() => void guardians.refetch()} />;
  if (!guardians.data) return <Skeleton height={24} width={240} radius="sm" />;
  const { items, canUnlink } = guardians.data;

  const close = () => {
    setConfirming(null);
    setRefusal(null);
  };

  return (
    <div ref={container}>
      {items.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage(m.mineEmpty)}</Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((g) => (
            <Group component="li" key={g.id} gap="xs" wrap="wrap">
              <Text fw={600}>
                <bdi dir="auto">{fullName(g)}</bdi>
              </Text>
              <Text c="dimmed" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                {g.email}
              </Text>
              <Text size="sm" c="dimmed">
                {intl.formatMessage(m.linkedSince, { date: formatDate(g.linkedAt, { timeZone }) })}
              </Text>
              {canUnlink ? (
                <Button
                  id={unlinkButtonId(g.id)}
                  size="compact-sm"
                  variant="subtle"
                  color="red.9"
                  aria-label={intl.formatMessage(m.mineUnlinkLabel, { guardian: fullName(g) })}
                  onClick={() => {
                    unlinked.current = false;
                    lastOpened.current = g.id;
                    setRefusal(null);
                    setConfirming(g);
                  }}
                >
                  {intl.formatMessage(m.unlink)}
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={confirming !== null}
        title={intl.formatMessage(m.unlinkTitle, { guardian: confirming ? fullName(confirming) : '' })}
        confirmLabel={intl.formatMessage(m.unlink)}
        cancelLabel={intl.formatMessage(m.cancel)}
        danger
        loading={unlink.isPending}
        onClose={close}
        // Unlinked (the row and its button are gone): focus goes to the list's heading; otherwise back to the button.
        onExited={() => {
          const opener = lastOpened.current ? document.getElementById(unlinkButtonId(lastOpened.current)) : null;
          if (opener && !unlinked.current) opener.focus();
          else focusSectionHeading(container.current);
        }}
        onConfirm={() => {
          if (!confirming) return;
          const guardian = fullName(confirming);
          unlink.mutate(confirming.id, {
            onSuccess: () => {
              unlinked.current = true;
              notifySuccess(intl.formatMessage(m.mineUnlinked, { guardian }));
              close();
            },
            // 409 (under 18: the school decides) or any other refusal: the server's words, in the dialog.
            onError: (failure) => setRefusal(toastMessageOf(failure, intl.formatMessage(m.unlinkFailed))),
          });
        }}
      >
        {confirming ? (
          <Stack gap="sm">
            <span>{intl.formatMessage(m.mineUnlinkBody, { guardian: fullName(confirming) })}</span>
            {refusal ? (
              <Alert color="red" variant="light" role="alert">
                {refusal}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
      </ConfirmModal>
    </div>
  );
}
