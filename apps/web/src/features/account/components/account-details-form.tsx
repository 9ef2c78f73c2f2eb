import type { Profile } from '@lyceum/contract';
import { LIMITS, MESSAGES } from '@lyceum/contract/constants';
import { Button, Group, Loader, PasswordInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { issuesToFormErrors, submitWhenLoaded } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { softDisabled } from '@/lib/soft-disabled';
import { useUpdateProfile } from '../api/update-profile';
import { AccountSection } from './account-section';
import { ProfileImageField, type PendingImage } from './profile-image-field';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useUpdateProfileImage } from '../api/update-profile-image';
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

  // A chosen picture counts as a change: Save Changes saves it with the fields (it used to be left unsaved while
  // the toast said "Update successful!").
  const [pendingImage, setPendingImage] = useState<PendingImage | null>(null);
  const uploadImage = useUpdateProfileImage();
  // A new e-mail needs the current password (a stolen token alone must not move the account: issue 13).
  const [currentPassword, setCurrentPassword] = useState('');
  const [currentPasswordError, setCurrentPasswordError] = useState<string | null>(null);
  const needsPassword = emailChanges(saved, form.values);
  const pendingChanges = Object.keys(changedFields(saved, form.values)).length + (pendingImage ? 1 : 0);

  const saveFields = (changes: ReturnType<typeof changedFields>, withPassword: boolean) => {
    if (Object.keys(changes).length === 0) {
      notifySuccess(MESSAGES.updateSuccess);
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
        const issues = error instanceof ApiError ? error.issues : [];
        const passwordIssue = issues.find((issue) => issue.path === 'currentPassword');
        const passwordSaid = passwordIssue ? `Current password ${passwordIssue.message}` : null;
        if (passwordSaid) setCurrentPasswordError(passwordSaid);
        const fieldErrors = issuesToFormErrors(
          issues.filter((issue) => issue !== passwordIssue),
          PROFILE_LABELS,
        );
        form.setErrors(fieldErrors);
        // A taken username or e-mail (409) or a refused value: say what is wrong ("Username is already taken"),
        // not "Update failed. Please try again later." — trying again later would fail the same way.
        const said = passwordSaid ?? Object.values(fieldErrors)[0] ?? toastMessageOf(error, MESSAGES.updateFailed);
        notifyError(said.charAt(0).toUpperCase() + said.slice(1));
      },
    });
  };

  const submit = form.onSubmit((values) => {
    const changes = changedFields(saved, values);
    if (Object.keys(changes).length === 0 && !pendingImage) return;
    const withPassword = emailChanges(saved, values);
    if (withPassword && currentPassword === '') {
      setCurrentPasswordError(CURRENT_PASSWORD_NEEDED);
      return;
    }
    if (!pendingImage) {
      saveFields(changes, withPassword);
      return;
    }
    uploadImage.mutate(pendingImage.file, {
      onSuccess: () => {
        setPendingImage(null);
        saveFields(changes, withPassword);
      },
      // The picture was refused (type, size): say so and leave the fields unsent, so nothing is half saved.
      onError: (error) => notifyError(`Picture not saved: ${toastMessageOf(error, MESSAGES.updateFailed)}`),
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
      <UnsavedChangesGuard when={pendingChanges > 0} what="your changes to your account" />
      <Stack gap="lg">
        <AccountSection title="Generals" description="Your name, contact details and picture.">
          <Stack gap="lg">
            <ProfileImageField profile={profile} pending={pendingImage} onPendingChange={setPendingImage} />
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
            {...softDisabled(pendingChanges === 0 || updateProfile.isPending || uploadImage.isPending)}
            aria-busy={updateProfile.isPending || uploadImage.isPending}
            leftSection={
              updateProfile.isPending || uploadImage.isPending ? (
                <Loader size={18} color="white" aria-hidden />
              ) : (
                <IconDeviceFloppy size={18} aria-hidden />
              )
            }
          >
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
