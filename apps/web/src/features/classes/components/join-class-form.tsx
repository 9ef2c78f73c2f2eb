import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { useJoinClass } from '../api/class-mutations';
import { classesMessages as messages } from '../messages';

/** Longer than any code with spaces or dashes, short enough to show in a sentence. */
const CODE_MAX_LENGTH = 24;

export interface JoinClassFormProps {
  initialCode?: string;
  /** A signed-in student joins; anyone else is sent to sign up with the code kept. */
  canJoin: boolean;
  onJoined: (classId: string) => void;
  onNeedsAccount: (code: string) => void;
  /** Extra buttons beside the submit one. */
  secondary?: ReactNode;
}

/**
 * The access-code field: any case, spaces and dashes allowed. A wrong code, a closed class and too many tries each
 * get the server's own sentence under the field, announced by screen readers (role="alert").
 */
export function JoinClassForm({ initialCode = '', canJoin, onJoined, onNeedsAccount, secondary }: JoinClassFormProps) {
  const t = useIntl().formatMessage;
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const join = useJoinClass();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(t(messages.enterCode));
      return;
    }
    setError(null);
    if (!canJoin) {
      onNeedsAccount(value);
      return;
    }
    join.mutate(value, {
      onSuccess: (joined) => onJoined(joined.classId),
      onError: (failure) => setError(toastMessageOf(failure, t(messages.codeCheckFailed))),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t(messages.joinAClass)}>
      <Stack gap="md">
        <TextInput
          label={t(messages.accessCode)}
          description={t(messages.accessCodeHint)}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          // Announced as it appears (issue 46.7); the error is cleared while a code is checked, so the same
          // sentence after another try is a new alert and is read again.
          errorProps={{ role: 'alert' }}
          maxLength={CODE_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          size="md"
          styles={{ input: { letterSpacing: '0.15em', fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-autofocus
        />
        {join.isSuccess ? (
          <Alert color="teal" variant="light" role="status">
            {t(messages.joined)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {secondary}
          <Button type="submit" loading={join.isPending}>
            {t(messages.joinClass)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
