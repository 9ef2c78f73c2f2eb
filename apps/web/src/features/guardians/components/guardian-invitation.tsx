import type { GuardianRegisterBody } from '@lyceum/contract';
import { LIMITS } from '@lyceum/contract/constants';
import { Alert, Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LiveFieldset } from '@/components/live-fieldset';
import { paths } from '@/config/paths';
import { useIntl, type MessageDescriptor } from '@/i18n/intl';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useHydrated } from '@/lib/use-hydrated';
import { browserTimeZone } from '@/lib/time-zone';
import { useAcceptInvitation, useGuardianRegistration } from '../api/guardians';
import { guardiansMessages as m } from '../messages';

type Outcome =
  | { kind: 'problem'; message: MessageDescriptor }
  | { kind: 'registered'; email: string }
  | { kind: 'accepted'; name: string };

/** Why an invitation could not be used, from the server's answer (ADR 060: 400 used/expired, 403 another address). */
function problemOf(error: unknown): MessageDescriptor {
  if (!(error instanceof ApiError)) return m.failed;
  if (error.status === 400 && error.issues.every((issue) => issue.path === 'token')) return m.invalidBody;
  if (error.status === 403) return m.otherEmailBody;
  if (error.status === 409) return m.accountExists;
  return m.failed;
}

/** A message that takes focus when it appears, so a screen reader and the keyboard start there. */
function Focused({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </div>
  );
}

function Problem({ message }: { message: MessageDescriptor }) {
  const intl = useIntl();
  return (
    <Focused>
      <Alert
        color="red"
        variant="light"
        styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
        title={intl.formatMessage(m.problemTitle)}
        icon={<IconAlertTriangle aria-hidden />}
        role="alert"
      >
        {intl.formatMessage(message)}
      </Alert>
    </Focused>
  );
}

function Success({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Focused>
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
        <Title order={2} fz="lg" mb="xs">
          {title}
        </Title>
        {children}
      </Alert>
    </Focused>
  );
}

type Values = Omit<GuardianRegisterBody, 'token' | 'username' | 'timeZone'>;
const FIELDS = ['firstname', 'lastname', 'phone', 'password'] as const;

/** A new guardian's account: name, phone and password; the e-mail address is the invitation's. */
function RegistrationForm({ token, onDone }: { token: string; onDone: (outcome: Outcome) => void }) {
  const intl = useIntl();
  const registration = useGuardianRegistration();
  const label = (field: (typeof FIELDS)[number]) => intl.formatMessage(m[field]);
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { firstname: '', lastname: '', phone: '', password: '' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const field of FIELDS)
        if (!values[field].trim()) errors[field] = intl.formatMessage(m.required, { field: label(field) });
      if (!errors.password && values.password.length < LIMITS.passwordMin)
        errors.password = intl.formatMessage(m.passwordHint, { min: LIMITS.passwordMin });
      return errors;
    },
  });
  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(`guardian-${first}`)?.focus();
  };

  const submit = form.onSubmit((values) => {
    registration.mutate(
      { ...values, token, timeZone: browserTimeZone() },
      {
        onSuccess: (answer) => onDone({ kind: 'registered', email: answer.user.email }),
        onError: (error) => {
          const fieldIssues =
            error instanceof ApiError ? error.issues.filter((i) => (FIELDS as readonly string[]).includes(i.path)) : [];
          if (fieldIssues.length > 0) {
            const errors = Object.fromEntries(
              fieldIssues.map((i) => [i.path, `${label(i.path as 'phone')} ${i.message}`]),
            );
            form.setErrors(errors);
            focusFirstError(errors);
          } else onDone({ kind: 'problem', message: problemOf(error) });
        },
      },
    );
  }, focusFirstError);

  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage(m.create)}>
      <LiveFieldset>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              id="guardian-firstname"
              label={label('firstname')}
              autoComplete="given-name"
              key={form.key('firstname')}
              {...form.getInputProps('firstname')}
            />
            <TextInput
              id="guardian-lastname"
              label={label('lastname')}
              autoComplete="family-name"
              key={form.key('lastname')}
              {...form.getInputProps('lastname')}
            />
          </SimpleGrid>
          <TextInput
            id="guardian-phone"
            label={label('phone')}
            type="tel"
            autoComplete="tel"
            dir="ltr"
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <PasswordInput
            id="guardian-password"
            label={label('password')}
            description={intl.formatMessage(m.passwordHint, { min: LIMITS.passwordMin })}
            visibilityToggleButtonProps={{ 'aria-label': intl.formatMessage(m.showPassword) }}
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" size="md" fullWidth loading={registration.isPending}>
            {intl.formatMessage(m.create)}
          </Button>
        </Stack>
      </LiveFieldset>
    </form>
  );
}

/** A signed-in guardian links the invitation's child with one button. */
function AcceptInvitation({ token, onDone }: { token: string; onDone: (outcome: Outcome) => void }) {
  const intl = useIntl();
  const accept = useAcceptInvitation();
  return (
    <Stack gap="md">
      <Text>{intl.formatMessage(m.acceptIntro)}</Text>
      <Button
        w="fit-content"
        loading={accept.isPending}
        onClick={() =>
          accept.mutate(
            { token },
            {
              onSuccess: (child) => onDone({ kind: 'accepted', name: `${child.firstname} ${child.lastname}` }),
              onError: (error) => onDone({ kind: 'problem', message: problemOf(error) }),
            },
          )
        }
      >
        {intl.formatMessage(m.accept)}
      </Button>
    </Stack>
  );
}

/**
 * Where a guardian invitation's link lands (issue 52, ADR 060): a visitor creates their guardian account, a signed-in
 * guardian accepts; what went wrong (used, expired, another address) is said plainly and takes focus.
 */
export function GuardianInvitation({ token }: { token: string }) {
  const intl = useIntl();
  const { state } = useAuth();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The server renders the page signed out (ADR 014): who is signed in counts from the hydrated render on.
  const hydrated = useHydrated();
  const role = hydrated && state.isAuthenticated ? state.user?.role : undefined;

  if (!token) return <Problem message={m.missingToken} />;
  if (outcome?.kind === 'problem') return <Problem message={outcome.message} />;
  if (outcome?.kind === 'registered')
    return (
      <Success title={intl.formatMessage(m.registeredTitle)}>
        <Text mb="sm">
          {intl.formatMessage(m.registeredBody, {
            email: (
              <bdi key="email" dir="ltr">
                {outcome.email}
              </bdi>
            ),
          })}
        </Text>
        <Button
          component={Link}
          to={paths.login.href()}
          state={{ email: outcome.email, from: paths.guardian.root.href() }}
        >
          {intl.formatMessage(m.logIn)}
        </Button>
      </Success>
    );
  if (outcome?.kind === 'accepted')
    return (
      <Success title={intl.formatMessage(m.acceptedTitle, { name: outcome.name })}>
        <Anchor component={Link} to={paths.guardian.root.href()} fw={600}>
          {intl.formatMessage(m.seeChildren)}
        </Anchor>
      </Success>
    );
  if (role === 'guardian') return <AcceptInvitation token={token} onDone={setOutcome} />;
  if (role) return <Problem message={m.notGuardian} />;
  return (
    <Stack gap="md">
      <Text>{intl.formatMessage(m.invitationIntro)}</Text>
      <RegistrationForm token={token} onDone={setOutcome} />
      <Group justify="flex-end">
        <Anchor
          component={Link}
          to={paths.login.href()}
          state={{ from: paths.guardianInvitation.href(token) }}
          size="sm"
        >
          {intl.formatMessage(m.haveAccount)}
        </Anchor>
      </Group>
    </Stack>
  );
}
