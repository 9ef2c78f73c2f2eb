import type { RegistrableRole } from '@lyceum/contract';
import { LIMITS, MESSAGES, REGISTRABLE_ROLES } from '@lyceum/contract/constants';
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
import { useIntl } from '@/i18n/intl';
import { authMessages as m } from '../messages';

const REGISTER_SCHEMA = lazySchema((schemas) => schemas.RegisterBodySchema);

const ROLE_NAMES = { student: m.roleStudent, teacher: m.roleTeacher } as const;

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
  const intl = useIntl();
  const LABELS = {
    email: intl.formatMessage(m.email),
    firstname: intl.formatMessage(m.firstname),
    lastname: intl.formatMessage(m.lastname),
    phone: intl.formatMessage(m.phone),
    password: intl.formatMessage(m.password),
    role: intl.formatMessage(m.role),
  };
  const roleOptions = [
    { value: '', label: intl.formatMessage(m.rolePlaceholder), disabled: true },
    ...REGISTRABLE_ROLES.map((role) => ({ value: role, label: intl.formatMessage(ROLE_NAMES[role]) })),
  ];
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
    <form
      onSubmit={handleSubmit}
      onFocus={REGISTER_SCHEMA.preload}
      noValidate
      aria-label={intl.formatMessage(m.registerForm)}
    >
      <LiveFieldset>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {intl.formatMessage(m.allRequired)}
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
            description={intl.formatMessage(m.passwordHint, { count: LIMITS.passwordMin })}
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <NativeSelect label={LABELS.role} data={roleOptions} key={form.key('role')} {...form.getInputProps('role')} />
          <Button type="submit" size="md" fullWidth loading={registerMutation.isPending}>
            {intl.formatMessage(m.createAccount)}
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
