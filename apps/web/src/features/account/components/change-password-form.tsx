import { LIMITS, MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import {
  issuesToFormErrors,
  lazySchema,
  PASSWORD_TOGGLE_PROPS,
  submitWhenLoaded,
  validateWith,
} from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';

const LABELS = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
} as const;

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const CHANGE_PASSWORD_SCHEMA = lazySchema((schemas) => schemas.ChangePasswordBodySchema);

/**
 * Changes the password: needs the current one, and the new one twice (compared here and on the server).
 * Every other session ends; this one continues on the fresh token.
 */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    validate: validateWith(CHANGE_PASSWORD_SCHEMA, LABELS),
  });

  const submit = form.onSubmit((values) => {
    changePassword.mutate(values, {
      onSuccess: (answer) => {
        form.reset();
        notifySuccess(answer.message);
      },
      onError: (error) => {
        // A wrong current password or a too common new one belongs under its field; anything else is a toast.
        if (error instanceof ApiError && error.issues.length > 0) {
          form.setErrors(issuesToFormErrors(error.issues, LABELS));
          return;
        }
        notifyError(toastMessageOf(error, MESSAGES.updateFailed));
      },
    });
  });
  const handleSubmit = submitWhenLoaded(CHANGE_PASSWORD_SCHEMA, submit, () => notifyError(MESSAGES.updateFailed));

  const input = (name: keyof typeof LABELS, autoComplete: string, description?: string) => (
    <PasswordInput
      label={LABELS[name]}
      description={description}
      autoComplete={autoComplete}
      maxLength={LIMITS.passwordMax}
      visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
      key={form.key(name)}
      {...form.getInputProps(name)}
    />
  );

  return (
    <form onSubmit={handleSubmit} onFocus={CHANGE_PASSWORD_SCHEMA.preload} noValidate aria-label="Change password">
      <Stack gap="md">
        {input('currentPassword', 'current-password')}
        {input('newPassword', 'new-password', `At least ${LIMITS.passwordMin} characters, not a common password.`)}
        {input('confirmPassword', 'new-password')}
        <Group justify="flex-end">
          <Button type="submit" loading={changePassword.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
