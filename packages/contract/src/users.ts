import { canonicalTimeZone } from './constants/dates.js';
import { isHttpUrl } from './constants/urls.js';
import { LIMITS } from './constants/limits.js';
import { ROLES, USER_STATUSES } from './constants/roles.js';
import { LANGUAGES } from './constants/languages.js';
import { DateTimeSchema, IdSchema, optionalText, requiredText, textInput } from './common.js';
import { z } from './zod.js';

/** The only form in which a user other than the caller ever appears. */
export const PublicUserSchema = z.object({
  id: IdSchema,
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  /** Bare filename under `/uploads`, or null for the default picture. */
  profileImage: z.string().nullable(),
  role: z.enum(ROLES),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** The caller's own account (spec §3): never holds the password or its hash. */
export const ProfileSchema = PublicUserSchema.extend({
  email: z.string(),
  phone: z.string(),
  expertise: z.string(),
  pincode: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  aboutInfo: z.string(),
  personalWebsite: z.string(),
  githubProfile: z.string(),
  status: z.enum(USER_STATUSES),
  /** The IANA zone dates are shown in (issue 46.9); null until the browser first sends one (the school's default). */
  timeZone: z.string().nullable(),
  /** The language chosen in My Account (issue 47); null follows the browser, then the school's default. */
  language: z.enum(LANGUAGES).nullable(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

/** An e-mail address: trimmed, at most 254 characters. Uniqueness is case-insensitive (checked by the server). */
export const EmailSchema = textInput()
  .trim()
  .min(1, { error: 'is required' })
  .max(LIMITS.email, { error: `must be at most ${LIMITS.email} characters` })
  .pipe(z.email({ error: 'must be a valid email address' }));

/** An IANA time zone ("Asia/Tokyo"), stored as Intl names it ("utc" → "UTC"); anything else is refused. */
export const TimeZoneSchema = z
  .string()
  .trim()
  .max(64, { error: 'must be a time zone' })
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone) return zone;
    ctx.addIssue({ code: 'custom', message: 'must be a time zone such as Europe/London' });
    return z.NEVER;
  });

/** A password as chosen by its owner: 8–128 characters (the server also refuses the most common ones). */
export const PasswordSchema = textInput()
  .min(LIMITS.passwordMin, { error: `must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { error: `must be at most ${LIMITS.passwordMax} characters` });

/** Digits with the usual separators (spaces, dots, dashes, parentheses) and an optional leading +. */
const PHONE_PATTERN = /^\+?[0-9 ()./-]+$/;
/** E.164 allows at most 15 digits; fewer than 5 is no reachable number. */
const PHONE_DIGITS = { min: 5, max: 15 } as const;

function isPlausiblePhone(value: string): boolean {
  if (!PHONE_PATTERN.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

/** A phone number that must be given (registration). */
export const PhoneSchema = requiredText(LIMITS.phone).refine(isPlausiblePhone, { error: 'must be a phone number' });

/** A phone number, or '' for none (profile). */
export const OptionalPhoneSchema = optionalText(LIMITS.phone).refine(
  (value) => value === '' || isPlausiblePhone(value),
  {
    error: 'must be a phone number',
  },
);

/** Postal codes worldwide: 2–12 letters and digits, with inner spaces or dashes; '' for none. */
export const PincodeSchema = optionalText(LIMITS.pincode).regex(/^(?:[A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9])?$/, {
  error: 'must be a postal code',
});

/**
 * A link on the profile: '' for none, otherwise an http(s) URL. A value typed without a scheme
 * ("github.com/ada") gets `https://` in front; any other scheme (`javascript:`) is refused.
 */
export function httpUrlSchema(max: number) {
  return optionalText(max)
    .transform((value) => (value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
    .refine((value) => value === '' || isHttpUrl(value), { error: 'must be an http(s) URL' })
    .refine((value) => value.length <= max, { error: `must be at most ${max} characters` });
}

/**
 * PATCH /api/me — the caller's own profile fields (spec §3). Every field is optional: a field that is
 * absent stays as it is. firstname, lastname and username cannot be emptied; the others may be ''.
 * The password and the picture have their own routes.
 */
export const UpdateProfileBodySchema = z.object({
  firstname: requiredText(LIMITS.firstname).optional(),
  lastname: requiredText(LIMITS.lastname).optional(),
  username: requiredText(LIMITS.username).optional(),
  email: EmailSchema.optional(),
  phone: OptionalPhoneSchema.optional(),
  expertise: optionalText(LIMITS.expertise).optional(),
  pincode: PincodeSchema.optional(),
  address: optionalText(LIMITS.address).optional(),
  city: optionalText(LIMITS.city).optional(),
  country: optionalText(LIMITS.country).optional(),
  aboutInfo: optionalText(LIMITS.aboutInfo).optional(),
  personalWebsite: httpUrlSchema(LIMITS.personalWebsite).optional(),
  githubProfile: httpUrlSchema(LIMITS.githubProfile).optional(),
  /** The zone dates are shown in (My Account, or the browser's when the account has none). */
  timeZone: TimeZoneSchema.optional(),
  /** The language Lyceum is shown in; null goes back to the browser's (issue 47). */
  language: z.enum(LANGUAGES).nullable().optional(),
  /** Required when `email` changes to another address (issue 13.4): a stolen token alone cannot move the account. */
  currentPassword: z.string().max(LIMITS.passwordMax).optional(),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBodySchema>;
export type ProfileChanges = z.output<typeof UpdateProfileBodySchema>;
