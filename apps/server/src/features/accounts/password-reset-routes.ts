import {
  ErrorSchema,
  ForgotPasswordBodySchema,
  MessageResponseSchema,
  ResetPasswordBodySchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PasswordResetService } from './password-reset.js';

export interface PasswordResetRoutesOptions {
  passwordResets: PasswordResetService;
  /** Requests per minute per client. */
  authRateLimit: number;
}

/** POST /api/auth/forgot-password and /api/auth/reset-password. */
export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = async (
  app,
  { passwordResets, authRateLimit },
) => {
  const rateLimit = { max: authRateLimit, timeWindow: '1 minute' };

  app.post(
    '/auth/forgot-password',
    {
      config: { access: { who: 'public' }, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link',
        description:
          'Always answers 200 with the same message, whether or not an account has this e-mail. The link ' +
          '(`<PUBLIC_URL>/reset-password?token=…`) is valid for 1 hour, once.',
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
