import {
  ErrorSchema,
  LoginBodySchema,
  LoginResponseSchema,
  ProfileSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../../auth/guards.js';
import type { AccountService } from './service.js';

export interface AccountRoutesOptions {
  accounts: AccountService;
  guards: Guards;
  /** Requests per minute per client on login and registration. */
  authRateLimit: number;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { accounts, guards, authRateLimit },
) => {
  const rateLimit = { max: authRateLimit, timeWindow: '1 minute' };

  app.post(
    '/auth/register',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Register a student or teacher account',
        body: RegisterBodySchema,
        response: { 201: RegisterResponseSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await accounts.register(request.body);
      return reply.code(201).send({ message: 'User registered successfully!', user });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => accounts.login(request.body),
  );

  app.get(
    '/me',
    {
      preHandler: guards.requireUser,
      schema: {
        tags: ['account'],
        summary: "The caller's own profile",
        security: [{ bearerAuth: [] }],
        response: { 200: ProfileSchema, 401: ErrorSchema },
      },
    },
    async (request) => accounts.getProfile(currentUser(request).id),
  );
};
