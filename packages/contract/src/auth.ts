import { z } from 'zod';
import { requiredText } from './common.js';
import { LIMITS } from './limits.js';
import { REGISTRABLE_ROLES, ROLES } from './roles.js';
import { ProfileSchema } from './users.js';

export const EmailSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(LIMITS.email, { error: `must be at most ${LIMITS.email} characters` })
  .pipe(z.email({ error: 'must be a valid email address' }));

export const PasswordSchema = z
  .string()
  .min(LIMITS.passwordMin, { error: `must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { error: `must be at most ${LIMITS.passwordMax} characters` });

/** POST /api/auth/register — students and teachers sign themselves up; admins cannot. */
export const RegisterBodySchema = z.object({
  email: EmailSchema,
  firstname: requiredText(LIMITS.firstname),
  lastname: requiredText(LIMITS.lastname),
  phone: requiredText(LIMITS.phone).regex(/^\+?[0-9 ()./-]{3,}$/, { error: 'must be a phone number' }),
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
