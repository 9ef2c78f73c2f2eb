import { z } from 'zod';
import { requiredText } from './common.js';
import { LIMITS } from './limits.js';
import { REGISTRABLE_ROLES, ROLES } from './roles.js';
import { EmailSchema, PasswordSchema, PhoneSchema, ProfileSchema } from './users.js';

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
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const RegisterResponseSchema = z.object({
  message: z.string(),
  user: ProfileSchema,
});

/** POST /api/auth/login. */
export const LoginBodySchema = z.object({
  email: z.string().trim().min(1, { error: 'is required' }).max(LIMITS.email),
  password: z.string().min(1, { error: 'is required' }).max(LIMITS.passwordMax),
  /** "Remember me": a 30-day token instead of 1 day. */
  remember: z.boolean().optional().default(false),
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
});
export type TokenUser = z.infer<typeof TokenUserSchema>;

/** The whole JWT payload: `sub` is the user id, `ver` the user's token version. */
export const TokenPayloadSchema = z.object({
  sub: z.string(),
  ver: z.number().int(),
  user: TokenUserSchema,
  exp: z.number().int(),
  iat: z.number().int(),
});
export type TokenPayload = z.infer<typeof TokenPayloadSchema>;

/** Messages of the account routes beyond the spec's catalogue; the web app shows them as they are. */
export const ACCOUNT_MESSAGES = {
  profileUpdated: 'Update successful!',
  profileImageUpdated: 'Profile image updated',
  profileImageRemoved: 'Profile image removed',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  loggedOutEverywhere: 'All other sessions have been signed out.',
  currentPasswordIncorrect: 'currentPassword is incorrect',
  commonPassword: 'is one of the most common passwords; choose another',
  resetLinkSent:
    'If an account exists for that email, we have sent a link to reset its password. The link is valid for 1 hour.',
  resetLinkInvalid: 'This reset link has expired or has already been used.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  tooManyFailedLogins: 'Too many failed login attempts. Try again in 15 minutes.',
  tooManyResetRequests: 'Too many password reset requests. Try again in 15 minutes.',
  emailTaken: 'email is already used by another account',
  usernameTaken: 'username is already taken',
  onlyImages: 'Only images are allowed!',
  imageTooLarge: 'Image must be 5 MB or smaller',
} as const;

/** Per-account throttles (the per-IP limits are configuration). */
export const ACCOUNT_THROTTLE = {
  /** Failed logins per account (lower-cased e-mail) per window; the next attempt gets 429. */
  maxFailedLogins: 10,
  /** Reset links requested per e-mail address per window. */
  maxResetRequests: 5,
  windowMs: 15 * 60 * 1000,
} as const;

/** A password reset link is valid this long, and once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Adds an issue on confirmPassword unless it equals newPassword. */
function confirmMatches(value: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'must match the new password' });
  }
}

/** POST /api/me/password — needs the current password; raises the token version (other sessions end). */
export const ChangePasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1, { error: 'is required' }).max(LIMITS.passwordMax),
    newPassword: PasswordSchema,
    confirmPassword: z.string().max(LIMITS.passwordMax),
  })
  .superRefine(confirmMatches);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** POST /api/auth/forgot-password — always answered with the same neutral message. */
export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** POST /api/auth/reset-password — `token` is the one from the mailed link. */
export const ResetPasswordBodySchema = z
  .object({
    token: z.string().trim().min(1, { error: 'is required' }).max(200),
    newPassword: PasswordSchema,
    confirmPassword: z.string().max(LIMITS.passwordMax),
  })
  .superRefine(confirmMatches);
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

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
