import { z } from 'zod';
import { DateTimeSchema, IdSchema } from './common.js';
import { ROLES, USER_STATUSES } from './roles.js';

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
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

/** `/uploads/<name>` for a stored image name, or null. */
export function imageUrl(name: string | null | undefined): string | null {
  return name ? `/uploads/${encodeURIComponent(name)}` : null;
}
