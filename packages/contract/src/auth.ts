import { LANGUAGES } from './constants/languages.js';
import { LIMITS } from './constants/limits.js';
import { REGISTRABLE_ROLES, ROLES } from './constants/roles.js';
import { requiredText, textInput } from './common.js';
import { EmailSchema, PasswordSchema, PhoneSchema, ProfileSchema, TimeZoneSchema } from './users.js';
import { z } from './zod.js';

/** POST /api/auth/register — students and teachers sign themselves up; admins cannot. */
export const RegisterBodySchema = z.object({
  email: EmailSchema,
  firstname: requiredText(LIMITS.firstname),
  lastname: requiredText(LIMITS.lastname),
  phone: PhoneSchema,
  password: PasswordSchema,
  role: z.enum(REGISTRABLE_ROLES, { error: 'must be student or teacher' }),
  /** Defaults to "First Last" (with a numeric suffix when taken). */
  username: requiredText(LIMITS.username).optional(),
  /** The browser's time zone (issue 46.9): dates in notifications and e-mails are written in it. */
  timeZone: TimeZoneSchema.optional(),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const RegisterResponseSchema = z.object({
  message: z.string(),
  user: ProfileSchema,
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** POST /api/auth/login. */
export const LoginBodySchema = z.object({
  email: textInput().trim().min(1, { error: 'is required' }).max(LIMITS.email),
  password: textInput().min(1, { error: 'is required' }).max(LIMITS.passwordMax),
  /** "Remember me": a 30-day token instead of 1 day. */
  remember: z.boolean().optional().default(false),
  /** The browser's time zone (issue 46.9): stored on the account, dates in notifications and e-mails use it. */
  timeZone: TimeZoneSchema.optional(),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  role: z.enum(ROLES),
  user: ProfileSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** The `user` object inside the JWT payload: public and non-secret only. */
export const TokenUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  profileImage: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  /** The zone the user's dates are shown in (issue 46.9); null: none yet; absent in tokens older than that. */
  timeZone: z.string().nullable().optional(),
  /** The language chosen in My Account (issue 47): every device shows it from the next load; null: none chosen. */
  language: z.enum(LANGUAGES).nullable().optional(),
});
export type TokenUser = z.infer<typeof TokenUserSchema>;

/** The whole JWT payload: `sub` is the user id, `ver` the user's token version, `sid` the server-side session. */
export const TokenPayloadSchema = z.object({
  sub: z.string(),
  ver: z.number().int(),
  sid: z.string().optional(),
  user: TokenUserSchema,
  exp: z.number().int(),
  iat: z.number().int(),
});
export type TokenPayload = z.infer<typeof TokenPayloadSchema>;

/** Adds an issue on confirmPassword unless it equals newPassword. */
function confirmMatches(value: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'must match the new password' });
  }
}

/** POST /api/me/password — needs the current password; raises the token version (other sessions end). */
export const ChangePasswordBodySchema = z
  .object({
    currentPassword: textInput().min(1, { error: 'is required' }).max(LIMITS.passwordMax),
    newPassword: PasswordSchema,
    confirmPassword: textInput().max(LIMITS.passwordMax),
  })
  .superRefine(confirmMatches);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** POST /api/auth/forgot-password — always answered with the same neutral message. */
export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** POST /api/auth/reset-password — `token` is the one from the mailed link. */
export const ResetPasswordBodySchema = z
  .object({
    token: textInput().trim().min(1, { error: 'is required' }).max(200),
    newPassword: PasswordSchema,
    confirmPassword: textInput().max(LIMITS.passwordMax),
  })
  .superRefine(confirmMatches);
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** POST /api/auth/undo-email-change — `token` is the one from the link mailed to the old address. */
export const UndoEmailChangeBodySchema = z.object({
  token: z.string().trim().min(1, { error: 'is required' }).max(200),
});
export type UndoEmailChangeBody = z.infer<typeof UndoEmailChangeBodySchema>;

/** An answer that is only a message. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/**
 * A fresh token for the calling session (same expiry as the one it replaces). Store it in place of the old
 * one: after a password change or "log out everywhere" the old token answers 401.
 */
export const SessionResponseSchema = z.object({ message: z.string(), token: z.string() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** The caller's profile after a change, with a fresh token whose payload carries the new name and picture. */
export const ProfileSessionResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: ProfileSchema,
});
export type ProfileSessionResponse = z.infer<typeof ProfileSessionResponseSchema>;
