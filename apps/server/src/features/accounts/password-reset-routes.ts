import {
  ErrorSchema,
  ForgotPasswordBodySchema,
  MessageResponseSchema,
  ResetPasswordBodySchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createKeyedLimit } from '#lib/keyed-limit.js';
import type { PasswordResetService } from './password-reset.js';

export interface PasswordResetRoutesOptions {
  passwordResets: PasswordResetService;
  /** Requests per minute per client. */
  authRateLimit: number;
  /** Reset requests per hour per client, whatever the address. */
  resetRequestsPerClientPerHour: number;
}

/** POST /api/auth/forgot-password and /api/auth/reset-password. */
export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = async (
  app,
  { passwordResets, authRateLimit, resetRequestsPerClientPerHour },
) => {
  const rateLimit = { max: authRateLimit, timeWindow: '1 minute' };
  // One client asking for links to many addresses (mail bombing, probing) is slowed down; the owner asking from
  // their own device is not, and the per-address rules of ADR 022 stay as they are (ADR 031).
  const perClient = createKeyedLimit(
    app,
    'reset-client',
    resetRequestsPerClientPerHour,
    (request) => request.ip,
    '1 hour',
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: { who: 'public' }, rateLimit },
      preHandler: perClient,
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link',
        description:
          'Always answers 200 with the same message, whether or not an account has this e-mail. The link ' +
          '(`<PUBLIC_URL>/reset-password?token=…`) is valid for 1 hour, once. A client asking more than ' +
          '`RESET_REQUESTS_PER_CLIENT_PER_HOUR` times an hour gets 429 with Retry-After.',
        body: ForgotPasswordBodySchema,
        response: { 200: MessageResponseSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => passwordResets.requestReset(request.body.email),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: { who: 'public' }, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link',
        description: 'Ends every existing session of the account. The caller then logs in with the new password.',
        body: ResetPasswordBodySchema,
        response: { 200: MessageResponseSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => passwordResets.resetPassword(request.body),
  );
};
