import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { LIMITS, RegisterBodySchema, UpdateProfileBodySchema, type ProfileChanges } from '@lyceum/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Guards } from '../auth/guards.js';
import { INVALID_CREDENTIALS, type AccountService } from '../features/accounts/service.js';
import { badRequest, HttpError, unauthorized } from '../lib/errors.js';
import { parseWith, requireObject } from './input.js';
import { addPublicV1Route, addV1Route } from './route.js';
import { toV1Profile } from './shapes.js';
import { bodyOf } from './transport.js';

export interface V1AccountOptions {
  accounts: AccountService;
  guards: Guards;
  authRateLimit: number;
}

/** The profile fields the v1 forms may change; email, password and role change only through /api. */
const EDITABLE_FIELDS = [
  'firstname',
  'lastname',
  'username',
  'phone',
  'expertise',
  'pincode',
  'address',
  'city',
  'country',
  'aboutInfo',
  'personalWebsite',
  'githubProfile',
] as const;
/** These cannot be cleared: an empty value leaves them as they are. */
const NOT_CLEARABLE = new Set<string>(['firstname', 'lastname', 'username', 'phone']);

/** E5/E7/E9 field rules: absent, "undefined" and "null" leave a field unchanged; the contract validates the rest. */
export function v1ProfileChanges(fields: Record<string, unknown>): ProfileChanges {
  const changes: Record<string, unknown> = {};
  for (const key of EDITABLE_FIELDS) {
    const value = fields[key];
    if (value === undefined || value === null || value === 'undefined' || value === 'null') continue;
    if (NOT_CLEARABLE.has(key) && typeof value === 'string' && value.trim() === '') continue;
    changes[key] = value;
  }
  return parseWith(UpdateProfileBodySchema, changes, 'userDetails');
}

/** E5's parts: text parts by name and the one `profileImage` file (an empty file part counts as none). */
async function readProfileParts(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (file.fieldname !== 'profileImage') {
          await file.toBuffer().catch(() => undefined);
          throw badRequest('Unexpected file field');
        }
        const bytes = await file.toBuffer();
        if (bytes.byteLength > 0) image = bytes;
      } else {
        const value = (part as MultipartValue).value;
        fields[part.fieldname] = typeof value === 'string' ? value : String(value);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'Image must be 5 MB or smaller');
    if (code === 'FST_FILES_LIMIT') throw badRequest('Unexpected file field');
    throw badRequest('Malformed multipart body');
  }
  return { fields, image };
}

export async function v1AccountRoutes(app: FastifyInstance, { accounts, guards, authRateLimit }: V1AccountOptions) {
  const rateLimit = { max: authRateLimit, timeWindow: '1 minute' };

  addPublicV1Route(
    app,
    { url: '/user-Login', summary: 'E2 log in (any role)', config: { rateLimit } },
    async (request) => {
      const { email, password } = bodyOf(request);
      if (typeof email !== 'string' || !email.trim() || typeof password !== 'string' || !password) {
        throw badRequest('email and password are required');
      }
      if (email.length > LIMITS.email || password.length > LIMITS.passwordMax) throw unauthorized(INVALID_CREDENTIALS);
      try {
        const result = await accounts.login({ email, password, remember: false });
        return {
          message: 'Successfully logged in!',
          data: { token: result.token, role: result.role, user: toV1Profile(result.user) },
        };
      } catch (error) {
        // A suspended account answers exactly like a wrong password (v1-api.md E2).
        if (error instanceof HttpError && error.statusCode === 403) throw unauthorized(INVALID_CREDENTIALS);
        throw error;
      }
    },
  );

  addPublicV1Route(
    app,
    { url: '/user-Register', summary: 'E3 register a student or teacher', status: 201, config: { rateLimit } },
    async (request) => {
      const body = bodyOf(request);
      if (body.role !== 'student' && body.role !== 'teacher') throw badRequest('Invalid role specified');
      const username = typeof body.username === 'string' && body.username.trim() ? body.username : undefined;
      const input = parseWith(
        RegisterBodySchema,
        {
          email: body.email,
          firstname: body.firstname,
          lastname: body.lastname,
          phone: body.phone,
          password: body.password,
          role: body.role,
          username,
        },
        'body',
      );
      const profile = await accounts.register(input);
      return { message: 'User registered successfully!', data: toV1Profile(profile) };
    },
  );

  const views = [
    { url: '/view-student-details', role: 'student', message: 'Student details', id: 'E4' },
    { url: '/view-teacher-details', role: 'teacher', message: 'Teacher details', id: 'E6' },
    { url: '/view-admin-details', role: 'admin', message: 'admin details', id: 'E8' },
  ] as const;
  for (const view of views) {
    addV1Route(
      app,
      guards,
      { url: view.url, summary: `${view.id} the caller's profile`, auth: [view.role] },
      async (_request, user) => ({ message: view.message, data: toV1Profile(await accounts.getProfile(user.id)) }),
    );
  }

  addV1Route(
    app,
    guards,
    { url: '/update-teacher-details', summary: 'E7/E9 update the caller’s profile', auth: ['teacher', 'admin'] },
    async (request, user) => {
      const details = requireObject(bodyOf(request).userDetails, 'userDetails');
      const result = await accounts.updateProfile(user, v1ProfileChanges(details));
      return { message: 'Profile details successfully updated', data: toV1Profile(result.user) };
    },
  );

  // E5 is the one multipart route: the parser is registered in its own scope.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: LIMITS.imageBytes, files: 1, fields: 50, parts: 60 } });
    addV1Route(
      scope,
      guards,
      {
        url: '/update-student-details',
        summary: 'E5 update the student profile, optionally with a new picture (multipart)',
        auth: ['student'],
        multipart: true,
        preValidation: async (request) => {
          if (!request.isMultipart()) throw new HttpError(415, 'Unsupported content type');
        },
      },
      async (request, user) => {
        const { fields, image } = await readProfileParts(request);
        const changes = v1ProfileChanges(fields);
        // The picture first: an image that is not one answers 400 before anything changed.
        if (image) await accounts.setProfileImage(user, image);
        const result = await accounts.updateProfile(user, changes);
        return { message: 'User details successfully updated', data: toV1Profile(result.user) };
      },
    );
  });
}
