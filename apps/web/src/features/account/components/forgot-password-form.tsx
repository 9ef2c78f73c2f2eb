import { LIMITS, MESSAGES } from '@lyceum/contract/constants';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { issuesToFormErrors, lazySchema, submitWhenLoaded, validateWith } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { LiveFieldset } from '@/components/live-fieldset';
import { useIntl } from '@/i18n/intl';
import { accountMessages as m } from '../messages';

const FORGOT_SCHEMA = lazySchema((schemas) => schemas.ForgotPasswordBodySchema);

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so the page shows
 * exactly that answer and nothing that would tell them apart.
 */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const [answer, setAnswer] = useState<string | null>(null);
  const intl = useIntl();
  const LABELS = { email: intl.formatMessage(m.email) };
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: validateWith(FORGOT_SCHEMA, LABELS),
  });

  const submit = form.onSubmit((values) => {
    requestReset.mutate(values, {
      onSuccess: (response) => setAnswer(response.message),
      onError: (error) => {
        if (error instanceof ApiError && error.issues.length > 0) {
          form.setErrors(issuesToFormErrors(error.issues, LABELS));
          return;
        }
        notifyError(toastMessageOf(error, MESSAGES.somethingWentWrong));
      },
    });
  });
  const handleSubmit = submitWhenLoaded(FORGOT_SCHEMA, submit, () => notifyError(MESSAGES.somethingWentWrong));

  const backToLogin = (
    <Anchor component={Link} to={paths.login.href()} fw={600} size="sm">
      {intl.formatMessage(m.backToLogin)}
    </Anchor>
  );

  if (answer !== null) {
    return (
      <Stack gap="lg">
        <Alert
          color="teal"
          variant="light"
          // The light variant's own title colour is below the AA contrast ratio.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          title={intl.formatMessage(m.checkInbox)}
          icon={<IconMailCheck aria-hidden />}
          role="status"
        >
          {answer}
        </Alert>
        <Text size="sm" c="dimmed">
          {intl.formatMessage(m.noMail)}
        </Text>
        <Group justify="space-between">
          {backToLogin}
          <Button variant="default" onClick={() => setAnswer(null)}>
            {intl.formatMessage(m.sendAnother)}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={handleSubmit}
      onFocus={FORGOT_SCHEMA.preload}
      noValidate
      aria-label={intl.formatMessage(m.requestResetForm)}
    >
      <LiveFieldset>
        <Stack gap="lg">
          <TextInput
            label={LABELS.email}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            maxLength={LIMITS.email}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="md" fullWidth loading={requestReset.isPending}>
            {intl.formatMessage(m.sendResetLink)}
          </Button>
          <Group justify="center">{backToLogin}</Group>
        </Stack>
      </LiveFieldset>
    </form>
  );
}
