import type { Profile } from '@lyceum/contract';
import { LIMITS, MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { issuesToFormErrors, submitWhenLoaded } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import { AccountSection } from './account-section';
import { ProfileImageField } from './profile-image-field';
import {
  changedFields,
  PROFILE_LABELS,
  PROFILE_SCHEMA,
  toFormValues,
  validateProfileChanges,
  type ProfileField,
  type ProfileFormValues,
} from './profile-form-values';

const GRID = { base: 1, sm: 2 } as const;

/** Shown under the e-mail while it differs from the saved one: a signed-in tab alone cannot move the account. */
const CURRENT_PASSWORD_NEEDED = 'Enter your current password to change your email';

/** True when the typed address is another one than the saved (a change of letter case only is not). */
function emailChanges(saved: ProfileFormValues, values: ProfileFormValues): boolean {
  return values.email.trim().toLowerCase() !== saved.email.trim().toLowerCase();
}

/** Browser autofill hints and input types per field. */
const INPUT_PROPS: Partial<Record<ProfileField, { type?: string; autoComplete?: string; inputMode?: 'tel' | 'url' }>> =
  {
    firstname: { autoComplete: 'given-name' },
    lastname: { autoComplete: 'family-name' },
    email: { type: 'email', autoComplete: 'email' },
    phone: { type: 'tel', autoComplete: 'tel' },
    expertise: { autoComplete: 'organization-title' },
    username: { autoComplete: 'username' },
    pincode: { autoComplete: 'postal-code' },
    address: { autoComplete: 'street-address' },
    city: { autoComplete: 'address-level2' },
    country: { autoComplete: 'country-name' },
    personalWebsite: { type: 'url', autoComplete: 'url', inputMode: 'url' },
    githubProfile: { type: 'url', inputMode: 'url' },
  };

const PLACEHOLDERS: Partial<Record<ProfileField, string>> = {
  expertise: 'e.g. Data science, Web development',
  personalWebsite: 'https://example.com',
  githubProfile: 'https://github.com/your-name',
};

/**
 * My Account's profile (spec §2): Generals, Other Information and Online Presence, one Save Changes that sends
 * only the fields that changed. The picture saves on its own; the password has its own card.
 */
export function AccountDetailsForm({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateProfile();
  const [saved, setSaved] = useState(() => toFormValues(profile));
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: saved,
    validate: (values) => validateProfileChanges(saved, values),
  });

  const [currentPassword, setCurrentPassword] = useState('');
  const [currentPasswordError, setCurrentPasswordError] = useState<string | null>(null);
  const needsPassword = emailChanges(saved, form.values);

  const pendingChanges = Object.keys(changedFields(saved, form.values)).length;

  const submit = form.onSubmit((values) => {
    const changes = changedFields(saved, values);
    if (Object.keys(changes).length === 0) return;
    const withPassword = emailChanges(saved, values);
    if (withPassword && currentPassword === '') {
      setCurrentPasswordError(CURRENT_PASSWORD_NEEDED);
      return;
    }
    updateProfile.mutate(withPassword ? { ...changes, currentPassword } : changes, {
      onSuccess: ({ user }) => {
        const next = toFormValues(user);
        setSaved(next);
        setCurrentPassword('');
        setCurrentPasswordError(null);
        // Show what the server stored for the sent fields (trimmed, https:// added); keep anything typed since.
        for (const field of Object.keys(changes) as ProfileField[]) form.setFieldValue(field, next[field]);
        notifySuccess(MESSAGES.updateSuccess);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.issues.length > 0) {
          const passwordIssue = error.issues.find((issue) => issue.path === 'currentPassword');
          if (passwordIssue) setCurrentPasswordError(`Current password ${passwordIssue.message}`);
          form.setErrors(
            issuesToFormErrors(
              error.issues.filter((issue) => issue !== passwordIssue),
              PROFILE_LABELS,
            ),
          );
        }
        notifyError(MESSAGES.updateFailed);
      },
    });
  });
  const handleSubmit = submitWhenLoaded(PROFILE_SCHEMA, submit, () => notifyError(MESSAGES.updateFailed));

  const field = (name: ProfileField) => (
    <TextInput
      key={name}
      label={PROFILE_LABELS[name]}
      maxLength={LIMITS[name]}
      placeholder={PLACEHOLDERS[name]}
      {...INPUT_PROPS[name]}
      {...form.getInputProps(name)}
    />
  );

  return (
    <form onSubmit={handleSubmit} onFocus={PROFILE_SCHEMA.preload} noValidate aria-label="Account details">
      <Stack gap="lg">
        <AccountSection title="Generals" description="Your name, contact details and picture.">
          <Stack gap="lg">
            <ProfileImageField profile={profile} />
            <SimpleGrid cols={GRID} spacing="md" verticalSpacing="md">
              {(['firstname', 'lastname', 'email', 'phone', 'expertise', 'username'] as const).map(field)}
            </SimpleGrid>
            {needsPassword && (
              <PasswordInput
                label="Current password"
                description="Needed to change your email. Your old address gets a link to undo the change."
                autoComplete="current-password"
                maw={{ sm: '50%' }}
                value={currentPassword}
                onChange={(event) => {
                  setCurrentPassword(event.currentTarget.value);
                  setCurrentPasswordError(null);
                }}
                error={currentPasswordError}
                required
              />
            )}
          </Stack>
        </AccountSection>

        <AccountSection title="Other Information" description="Where you are, and a few words about you.">
          <Stack gap="md">
            <SimpleGrid cols={GRID} spacing="md" verticalSpacing="md">
              {(['pincode', 'address', 'city', 'country'] as const).map(field)}
            </SimpleGrid>
            <Textarea
              label={PROFILE_LABELS.aboutInfo}
              maxLength={LIMITS.aboutInfo}
              autosize
              minRows={4}
              maxRows={12}
              {...form.getInputProps('aboutInfo')}
            />
          </Stack>
        </AccountSection>

        <AccountSection
          title="Online Presence"
          description="Links shown with your profile; https:// is added when missing."
        >
          <SimpleGrid cols={GRID} spacing="md" verticalSpacing="md">
            {(['personalWebsite', 'githubProfile'] as const).map(field)}
          </SimpleGrid>
        </AccountSection>

        <Group justify="flex-end" gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {pendingChanges === 0
              ? 'No unsaved changes'
              : `${pendingChanges} unsaved ${pendingChanges === 1 ? 'change' : 'changes'}`}
          </Text>
          <Button
            type="submit"
            size="md"
            loading={updateProfile.isPending}
            disabled={pendingChanges === 0}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          >
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
