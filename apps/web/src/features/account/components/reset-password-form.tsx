import { ACCOUNT_MESSAGES, LIMITS, MESSAGES } from '@lyceum/contract/constants';
import { Alert, Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import {
  issuesToFormErrors,
  lazySchema,
  PASSWORD_TOGGLE_PROPS,
  submitWhenLoaded,
  validateWith,
} from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useResetPassword } from '../api/reset-password';
import { LiveFieldset } from '@/components/live-fieldset';
import { useIntl } from '@/i18n/intl';
import { accountMessages as m } from '../messages';

const RESET_SCHEMA = lazySchema((schemas) => schemas.ResetPasswordBodySchema);

/** The link of a reset mail cannot be used (expired, used, or mangled): say so, and offer a new one. */
export function ResetLinkProblem({ title, children }: { title: string; children: string }) {
  const intl = useIntl();
  return (
    <Stack gap="lg">
      <Alert
        color="red"
        variant="light"
        // The light variant's own title colour is below the AA contrast ratio.
        styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
        title={title}
        icon={<IconAlertTriangle aria-hidden />}
        role="alert"
      >
        {children}
      </Alert>
      <Group justify="space-between">
        <Anchor component={Link} to={paths.login.href()} fw={600} size="sm">
          {intl.formatMessage(m.backToLogin)}
        </Anchor>
        <Button component={Link} to={paths.forgetPassword.href()}>
          {intl.formatMessage(m.requestNewLink)}
        </Button>
      </Group>
    </Stack>
  );
}

/** Sets a new password with the token of a mailed link; then every earlier session is over and login follows. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { state, endSession } = useAuth();
  const resetPassword = useResetPassword();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const intl = useIntl();
  const LABELS = {
    newPassword: intl.formatMessage(m.newPassword),
    confirmPassword: intl.formatMessage(m.confirmPassword),
  };
  const validateReset = validateWith(RESET_SCHEMA, LABELS);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { newPassword: '', confirmPassword: '' },
    // The token is the server's to judge: a problem with it shows as a link problem after submitting.
    validate: (values) => {
      const { token: _tokenProblem, ...errors } = validateReset({ ...values, token });
      return errors;
    },
  });

  const submit = form.onSubmit((values) => {
    resetPassword.mutate(
      { ...values, token },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          // The reset revoked this account's sessions; whoever was signed in here logs in afresh.
          if (state.isAuthenticated) endSession();
          void navigate(paths.login.href(), { replace: true });
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 400) {
            notifyError(toastMessageOf(error, MESSAGES.somethingWentWrong));
            return;
          }
          const fieldIssues = error.issues.filter((issue) => issue.path in LABELS);
          if (fieldIssues.length > 0) form.setErrors(issuesToFormErrors(fieldIssues, LABELS));
          else setLinkProblem(error.serverMessage ?? ACCOUNT_MESSAGES.resetLinkInvalid);
        },
      },
    );
  });
  const handleSubmit = submitWhenLoaded(RESET_SCHEMA, submit, () => notifyError(MESSAGES.somethingWentWrong));

  if (linkProblem !== null) {
    return <ResetLinkProblem title={intl.formatMessage(m.linkUnusable)}>{linkProblem}</ResetLinkProblem>;
  }

  return (
    <form
      onSubmit={handleSubmit}
      onFocus={RESET_SCHEMA.preload}
      noValidate
      aria-label={intl.formatMessage(m.chooseNewPassword)}
    >
      <LiveFieldset>
        <Stack gap="lg">
          <PasswordInput
            label={LABELS.newPassword}
            description={intl.formatMessage(m.newPasswordHint, { count: LIMITS.passwordMin })}
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax}
            visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label={LABELS.confirmPassword}
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax}
            visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" size="md" fullWidth loading={resetPassword.isPending}>
            {intl.formatMessage(m.setNewPassword)}
          </Button>
          <Group justify="center">
            <Anchor component={Link} to={paths.login.href()} fw={600} size="sm">
              {intl.formatMessage(m.backToLogin)}
            </Anchor>
          </Group>
        </Stack>
      </LiveFieldset>
    </form>
  );
}
