import type { AtRiskThresholds } from '@lyceum/contract';
import { AT_RISK_ABSENCE_DAYS, AT_RISK_BOUNDS } from '@lyceum/contract/constants';
import { Button, Group, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { softDisabled } from '@/lib/soft-disabled';
import { useSaveTeacherHomeSettings } from '../api/get-teacher-home';
import { teacherHomeMessages as messages } from '../messages';

type Key = keyof AtRiskThresholds;
const KEYS: readonly Key[] = ['inactiveDays', 'missingAssignments', 'passingPercent', 'behindPoints', 'absences'];
const LABELS = {
  inactiveDays: messages.ruleInactiveDays,
  missingAssignments: messages.ruleMissingAssignments,
  passingPercent: messages.rulePassingPercent,
  behindPoints: messages.ruleBehindPoints,
  absences: messages.ruleAbsences,
} as const;

const valid = (key: Key, value: number | string) =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= AT_RISK_BOUNDS[key].min &&
  value <= AT_RISK_BOUNDS[key].max;

/**
 * The teacher's own at-risk thresholds (issue 49 point 3): a button under the rules opens the five of them; saved,
 * the home is read again with them and the focus returns to the button.
 */
export function AtRiskSettings({ thresholds }: { thresholds: AtRiskThresholds }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Key, number | string>>(thresholds);
  const [invalid, setInvalid] = useState<readonly Key[]>([]);
  const save = useSaveTeacherHomeSettings();
  const opener = useRef<HTMLButtonElement>(null);
  const fields = useRef<Partial<Record<Key, HTMLInputElement | null>>>({});
  /** Focus goes back to the button once the form closes (the button is drawn again only then). */
  const restore = useRef(false);
  useEffect(() => {
    if (open) fields.current.inactiveDays?.focus();
    else if (restore.current) {
      restore.current = false;
      opener.current?.focus();
    }
  }, [open]);
  function close() {
    restore.current = true;
    setOpen(false);
    setInvalid([]);
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wrong = KEYS.filter((key) => !valid(key, values[key]));
    setInvalid(wrong);
    if (wrong.length > 0) {
      fields.current[wrong[0]!]?.focus();
      return;
    }
    const atRisk = Object.fromEntries(KEYS.map((key) => [key, Number(values[key])])) as AtRiskThresholds;
    save.mutate(
      { atRisk },
      {
        onSuccess: () => {
          notifySuccess(intl.formatMessage(messages.rulesSaved));
          close();
        },
        onError: (failure) => notifyError(toastMessageOf(failure, intl.formatMessage(messages.rulesFailed))),
      },
    );
  }
  if (!open)
    return (
      <Button
        ref={opener}
        variant="subtle"
        size="compact-sm"
        mb="sm"
        onClick={() => {
          setValues(thresholds);
          setOpen(true);
        }}
      >
        {intl.formatMessage(messages.rulesChange)}
      </Button>
    );
  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage(messages.rulesForm)}>
      <Stack gap="xs" mb="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          {KEYS.map((key) => {
            const range = intl.formatMessage(messages.ruleRange, AT_RISK_BOUNDS[key]);
            return (
              <NumberInput
                key={key}
                ref={(node) => {
                  fields.current[key] = node;
                }}
                label={intl.formatMessage(LABELS[key], { days: AT_RISK_ABSENCE_DAYS })}
                description={invalid.includes(key) ? undefined : range}
                error={invalid.includes(key) ? range : undefined}
                value={values[key]}
                onChange={(value) => {
                  setValues((current) => ({ ...current, [key]: value }));
                  setInvalid((current) => current.filter((k) => k !== key));
                }}
                min={AT_RISK_BOUNDS[key].min}
                max={AT_RISK_BOUNDS[key].max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                required
              />
            );
          })}
        </SimpleGrid>
        <Group gap="xs">
          <Button type="submit" size="sm" {...softDisabled(save.isPending)} aria-busy={save.isPending}>
            {intl.formatMessage(messages.rulesSave)}
          </Button>
          <Button type="button" size="sm" variant="default" onClick={close}>
            {intl.formatMessage(messages.messageCancel)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
