import type { Profile, UpdateProfileBody } from '@lyceum/contract';
import { lazySchema, validateWith } from '@/lib/form-errors';

/** Every editable profile field (spec §3): what PATCH /api/me accepts. */
export const PROFILE_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'expertise',
  'username',
  'pincode',
  'address',
  'city',
  'country',
  'aboutInfo',
  'personalWebsite',
  'githubProfile',
] as const satisfies ReadonlyArray<keyof UpdateProfileBody & keyof Profile>;

export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileFormValues = Record<ProfileField, string>;

/** The visible label of each field; also prefixes the contract's messages ("Email must be a valid email address"). */
export const PROFILE_LABELS: Record<ProfileField, string> = {
  firstname: 'First name',
  lastname: 'Last name',
  email: 'Email',
  phone: 'Phone',
  expertise: 'Expertise',
  username: 'User name',
  pincode: 'Pincode',
  address: 'Address',
  city: 'City',
  country: 'Country',
  aboutInfo: 'About info',
  personalWebsite: 'Personal website',
  githubProfile: 'GitHub profile',
};

export function toFormValues(profile: Profile): ProfileFormValues {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, profile[field]])) as ProfileFormValues;
}

/**
 * The fields whose value differs from the saved one, ignoring surrounding spaces (the server trims them):
 * only these are sent, so a field another tab changed meanwhile is not overwritten with a stale copy.
 */
export function changedFields(saved: ProfileFormValues, values: ProfileFormValues): UpdateProfileBody {
  const changes: UpdateProfileBody = {};
  for (const field of PROFILE_FIELDS) {
    if (values[field].trim() !== saved[field].trim()) changes[field] = values[field];
  }
  return changes;
}

/** PATCH /api/me's rules, loaded when the form is first focused or submitted. */
export const PROFILE_SCHEMA = lazySchema((schemas) => schemas.UpdateProfileBodySchema);

const validateChanges = validateWith(PROFILE_SCHEMA, PROFILE_LABELS);

/** Validates what would be sent: a stored value the rules have since tightened does not block other changes. */
export function validateProfileChanges(saved: ProfileFormValues, values: ProfileFormValues): Record<string, string> {
  return validateChanges(changedFields(saved, values));
}
