import type { RegistrableRole } from '@lyceum/contract';
import { LIMITS, MESSAGES, REGISTRABLE_ROLES, ROLE_LABELS } from '@lyceum/contract/constants';
import { Button, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import {
  issuesToFormErrors,
  lazySchema,
  PASSWORD_TOGGLE_PROPS,
  submitWhenLoaded,
  validateWith,
} from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRegister } from '../api/register';
import { LiveFieldset } from '@/components/live-fieldset';
import { readAuthNavigationState, type AuthNavigationState } from './auth-navigation-state';

const LABELS = {
  email: 'Email',
  firstname: 'First name',
  lastname: 'Last name',
  phone: 'Phone',
  password: 'Password',
  role: 'Role',
} as const;

const REGISTER_SCHEMA = lazySchema((schemas) => schemas.RegisterBodySchema);

export const ROLE_PLACEHOLDER = 'select the role';

const ROLE_OPTIONS = [
  { value: '', label: ROLE_PLACEHOLDER, disabled: true },
  ...REGISTRABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

interface RegisterValues {
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  password: string;
  /** '' while the placeholder is showing: not a valid value. */
  role: RegistrableRole | '';
}

export interface RegisterFormProps {
  /** Preselected from `?role=`. */
  initialRole?: RegistrableRole;
  /** Called after a 201 with the new account's e-mail. */
  onRegistered: (email: string) => void;
}

export function RegisterForm({ initialRole, onRegistered }: RegisterFormProps) {
  const registerMutation = useRegister();
  const form = useForm<RegisterValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', firstname: '', lastname: '', phone: '', password: '', role: initialRole ?? '' },
    validate: validateWith(REGISTER_SCHEMA, LABELS),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    const parsed = REGISTER_SCHEMA.current?.safeParse(values);
    if (!parsed?.success) return;
    registerMutation.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(MESSAGES.registerSuccess);
        form.reset();
        onRegistered(parsed.data.email);
      },
      onError: (error) => {
        // Field issues (400, and 409 for a taken e-mail) show under their fields as well.
        if (error instanceof ApiError && error.issues.length > 0) {
          form.setErrors(issuesToFormErrors(error.issues, LABELS));
        }
        notifyError(toastMessageOf(error, MESSAGES.registerFailed));
      },
    });
  });
  const handleSubmit = submitWhenLoaded(REGISTER_SCHEMA, submit, () => notifyError(MESSAGES.registerFailed));

  return (
    <form onSubmit={handleSubmit} onFocus={REGISTER_SCHEMA.preload} noValidate aria-label="Register">
      <LiveFieldset>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            All fields are required.
          </Text>
          <TextInput
            label={LABELS.email}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={LABELS.firstname}
              autoComplete="given-name"
              key={form.key('firstname')}
              {...form.getInputProps('firstname')}
            />
            <TextInput
              label={LABELS.lastname}
              autoComplete="family-name"
              key={form.key('lastname')}
              {...form.getInputProps('lastname')}
            />
          </SimpleGrid>
          <TextInput
            label={LABELS.phone}
            type="tel"
            autoComplete="tel"
            placeholder="+1 555 010 2030"
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <PasswordInput
            label={LABELS.password}
            visibilityToggleButtonProps={PASSWORD_TOGGLE_PROPS}
            description={`At least ${LIMITS.passwordMin} characters`}
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <NativeSelect
            label={LABELS.role}
            data={ROLE_OPTIONS}
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
          <Button type="submit" size="md" fullWidth loading={registerMutation.isPending}>
            Create account
          </Button>
        </Stack>
      </LiveFieldset>
    </form>
  );
}

function roleParam(value: string | null): RegistrableRole | undefined {
  return REGISTRABLE_ROLES.find((role) => role === value);
}

/**
 * The registration form of the register screen: `?role=` preselects the role, and a new account goes on to the
 * login screen with its e-mail filled in (and the page to return to kept).
 */
export function RegisterPanel() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { from } = readAuthNavigationState(location.state);
  const initialRole = roleParam(searchParams.get('role'));
  return (
    <RegisterForm
      key={initialRole ?? 'none'}
      initialRole={initialRole}
      onRegistered={(registeredEmail) =>
        void navigate(paths.login.href(), { state: { from, email: registeredEmail } satisfies AuthNavigationState })
      }
    />
  );
}
