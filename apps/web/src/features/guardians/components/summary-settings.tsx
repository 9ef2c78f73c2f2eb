import type { GuardianChild, GuardianSummarySettings } from '@lyceum/contract';
import { Button, Checkbox, Fieldset, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { softDisabled } from '@/lib/soft-disabled';
import { useGuardianChildren, useSaveSummarySettings, useSummarySettings } from '../api/guardians';
import { guardiansMessages as m } from '../messages';

const fullName = (child: Pick<GuardianChild, 'firstname' | 'lastname'>) => `${child.firstname} ${child.lastname}`;

function SummaryForm({ initial, kids }: { initial: GuardianSummarySettings; kids: readonly GuardianChild[] }) {
  const intl = useIntl();
  const save = useSaveSummarySettings();
  const [weeklySummary, setWeeklySummary] = useState(initial.weeklySummary);
  const [muted, setMuted] = useState(() => new Set(initial.mutedStudentIds));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(
      { weeklySummary, mutedStudentIds: [...muted] },
      {
        onSuccess: () => notifySuccess(intl.formatMessage(m.summarySaved)),
        onError: (error) => notifyError(toastMessageOf(error, intl.formatMessage(m.summarySaveFailed))),
      },
    );
  };
  const toggle = (studentId: string, included: boolean) =>
    setMuted((previous) => {
      const next = new Set(previous);
      if (included) next.delete(studentId);
      else next.add(studentId);
      return next;
    });
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Switch
          checked={weeklySummary}
          onChange={(event) => setWeeklySummary(event.currentTarget.checked)}
          label={intl.formatMessage(m.summaryOn)}
        />
        {kids.length > 0 ? (
          <Fieldset
            legend={intl.formatMessage(m.summaryChildren)}
            variant="unstyled"
            disabled={!weeklySummary}
            styles={{ legend: { paddingInline: 0, fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } }}
          >
            <Stack gap="xs" mt="xs">
              {kids.map((kid) => (
                <Checkbox
                  key={kid.id}
                  checked={!muted.has(kid.id)}
                  onChange={(event) => toggle(kid.id, event.currentTarget.checked)}
                  label={<bdi dir="auto">{intl.formatMessage(m.summaryInclude, { name: fullName(kid) })}</bdi>}
                />
              ))}
            </Stack>
          </Fieldset>
        ) : null}
        {/* Not `loading`: a disabled button drops the keyboard's focus to the page (lib/soft-disabled). */}
        <Button type="submit" {...softDisabled(save.isPending)} w="fit-content">
          {intl.formatMessage(m.summarySave)}
        </Button>
      </Stack>
    </form>
  );
}

/** The guardian's weekly summary e-mail (ADR 070): on or off, and which children it covers (a muted child is left out). */
export function SummarySettings() {
  const intl = useIntl();
  const settings = useSummarySettings();
  const children = useGuardianChildren();
  const failed = settings.isError || children.isError;
  return (
    <Paper component="section" aria-labelledby="summary-settings-heading" withBorder radius="md" p="lg">
      <Title order={2} fz={22} id="summary-settings-heading" mb={4}>
        {intl.formatMessage(m.summaryTitle)}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {intl.formatMessage(m.summaryHint)}
      </Text>
      {failed ? (
        <LoadError
          title={intl.formatMessage(m.summaryFailed)}
          onRetry={() => void Promise.all([settings.refetch(), children.refetch()])}
        />
      ) : !settings.data || !children.data ? (
        <Skeleton height={96} radius="md" />
      ) : (
        <SummaryForm initial={settings.data} kids={children.data.items} />
      )}
    </Paper>
  );
}
