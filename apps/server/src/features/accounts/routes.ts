import {
  ChangePasswordBodySchema,
  ErrorSchema,
  LoginBodySchema,
  LoginResponseSchema,
  MessageResponseSchema,
  ProfileSchema,
  ProfileSessionResponseSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  SessionResponseSchema,
  UndoEmailChangeBodySchema,
  UpdateProfileBodySchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '#auth/guards.js';
import type { AccountService } from './service.js';

export interface AccountRoutesOptions {
  accounts: AccountService;
  guards: Guards;
  /** Requests per minute per client on login, registration and password changes. */
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
      config: { access: { who: 'public' }, rateLimit },
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
      config: { access: { who: 'public' }, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => accounts.login(request.body, { userAgent: request.headers['user-agent'], ip: request.ip }),
  );

  app.get(
    '/me',
    {
      config: { access: { who: 'user', scope: 'self' } },
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

  app.patch(
    '/me',
    {
      config: { access: { who: 'user', scope: 'self' } },
      preHandler: guards.requireUser,
      schema: {
        tags: ['account'],
        summary: "Update the caller's own profile fields",
        description:
          'Absent fields stay as they are. Answers the profile and a fresh token (same expiry) whose payload ' +
          'carries the new username and names. Changing `email` to another address needs `currentPassword`; the ' +
          'old address is mailed a link that undoes the change for 7 days.',
        security: [{ bearerAuth: [] }],
        body: UpdateProfileBodySchema,
        response: { 200: ProfileSessionResponseSchema, 400: ErrorSchema, 401: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => accounts.updateProfile(currentUser(request), request.body),
  );

  app.post(
    '/me/password',
    {
      config: { access: { who: 'user', scope: 'self' }, rateLimit },
      preHandler: guards.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Change the password (needs the current one); ends every other session',
        security: [{ bearerAuth: [] }],
        body: ChangePasswordBodySchema,
        response: { 200: SessionResponseSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => accounts.changePassword(currentUser(request), request.body),
  );

  app.post(
    '/auth/undo-email-change',
    {
      config: { rateLimit, access: { who: 'public' } },
      schema: {
        tags: ['auth'],
        summary: 'Undo an e-mail change with the link mailed to the old address',
        description:
          'Restores the previous address, ends every session of the account and closes open reset links. The ' +
          'link is valid for 7 days, once; 409 when the old address now belongs to another account.',
        body: UndoEmailChangeBodySchema,
        response: { 200: MessageResponseSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => accounts.undoEmailChange(request.body.token),
  );

  app.post(
    '/auth/logout',
    {
      preHandler: guards.requireUser,
      config: { access: { who: 'user', scope: 'self' } },
      schema: {
        tags: ['auth'],
        summary: 'Log out: end this session on the server',
        description:
          'The presented token answers 401 (with `reason: "signed-out"`) from now on, on every node; the ' +
          "account's other sessions stay.",
        security: [{ bearerAuth: [] }],
        response: { 200: MessageResponseSchema, 401: ErrorSchema },
      },
    },
    async (request) => accounts.logout(currentUser(request)),
  );

  app.post(
    '/me/logout-everywhere',
    {
      config: { access: { who: 'user', scope: 'self' } },
      preHandler: guards.requireUser,
      schema: {
        tags: ['account'],
        summary: 'End every session of the account',
        description:
          'Every token issued so far answers 401 from now on, on every node. The answer holds a fresh token ' +
          'for the calling session: store it to stay signed in here, or drop it to sign out here too.',
        security: [{ bearerAuth: [] }],
        response: { 200: SessionResponseSchema, 401: ErrorSchema },
      },
    },
    async (request) => accounts.logoutEverywhere(currentUser(request)),
  );
};
