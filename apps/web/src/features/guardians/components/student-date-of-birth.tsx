import type { StudentDateOfBirth as DateOfBirth } from '@lyceum/contract';
import { Button, Group, Paper, Skeleton, Text, TextInput, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { softDisabled } from '@/lib/soft-disabled';
import { useSaveStudentDateOfBirth, useStudentDateOfBirth } from '../api/guardians';
import { guardiansMessages as m } from '../messages';

function DateOfBirthForm({ studentId, current }: { studentId: string; current: DateOfBirth }) {
  const intl = useIntl();
  const save = useSaveStudentDateOfBirth(studentId);
  const [value, setValue] = useState(current.dateOfBirth ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(value === '' ? null : value, {
      onSuccess: () => notifySuccess(intl.formatMessage(m.dobSaved)),
      onError: (error) => notifyError(toastMessageOf(error, intl.formatMessage(m.dobSaveFailed))),
    });
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={intl.formatMessage(m.dobLabel)}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          style={{ flex: '0 1 14rem' }}
        />
        <Button type="submit" variant="default" {...softDisabled(save.isPending)}>
          {intl.formatMessage(m.dobSave)}
        </Button>
      </Group>
    </form>
  );
}

/**
 * An admin records a student's date of birth (ADR 070): from 18 the student decides about their guardians. Shown in
 * the admin's student details; says which rule applies now (adult, minor, or the school's all-adults setting).
 */
export function StudentDateOfBirth({ studentId }: { studentId: string }) {
  const intl = useIntl();
  const headingId = useId();
  const query = useStudentDateOfBirth(studentId);
  const data = query.data;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Title order={3} fz="lg" id={headingId} mb={4}>
        {intl.formatMessage(m.dobTitle)}
      </Title>
      {query.isError ? (
        <LoadError title={intl.formatMessage(m.dobFailed)} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Skeleton height={56} radius="md" />
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="sm" role="status">
            {intl.formatMessage(m.dobRule, { rule: data.allAdults ? 'all' : data.adult ? 'adult' : 'minor' })}
          </Text>
          {/* Not keyed by the date: a save would remount the form and drop the keyboard's focus. */}
          <DateOfBirthForm studentId={studentId} current={data} />
        </>
      )}
    </Paper>
  );
}
