import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { LIMITS, RegisterBodySchema, UpdateProfileBodySchema, type ProfileChanges } from '@lyceum/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INVALID_CREDENTIALS, type AccountService } from '../features/accounts/service.js';
import { badRequest, fieldError, HttpError, unauthorized } from '../lib/errors.js';
import { parseWith, requireObject } from './input.js';
import { createV1Limit } from './limits.js';
import { addPublicV1Route, addV1Route, type V1Guards } from './route.js';
import { toV1Profile } from './shapes.js';
import { bodyOf } from './transport.js';

export interface V1AccountOptions {
  accounts: AccountService;
  guards: V1Guards;
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

/** E3's body through the contract; a password of the wrong length reads as v1-api.md E3 words it. */
function parseV1Registration(input: Record<string, unknown>) {
  try {
    return parseWith(RegisterBodySchema, input, 'body');
  } catch (error) {
    const issue = error instanceof HttpError ? error.issues?.[0] : undefined;
    if (issue?.path === 'password' && issue.message.startsWith('must be at')) {
      throw fieldError('password', 'must be 8-128 characters');
    }
    throw error;
  }
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
  // Per IP on E2 and E3 (route config, as on /api). Per e-mail: E2 through the accounts service's failed-login
  // throttle (the /api's rule), E3 here.
  const rateLimit = { max: authRateLimit, timeWindow: '1 minute' };
  const perEmail = createV1Limit(app, 'register-email', authRateLimit, (request) => {
    const { email } = bodyOf(request);
    return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
  });

  addPublicV1Route(
    app,
    { url: '/user-Login', summary: 'E2 log in (any role)', config: { rateLimit } },
    async (request) => {
      const { email, password } = bodyOf(request);
      // "Required" means non-empty after trimming (§2.4); the password itself is used as typed.
      if (typeof email !== 'string' || !email.trim() || typeof password !== 'string' || !password.trim()) {
        throw badRequest('email and password are required');
      }
      if (email.length > LIMITS.email || password.length > LIMITS.passwordMax) throw unauthorized(INVALID_CREDENTIALS);
      try {
        const result = await accounts.login(
          { email, password, remember: false },
          { userAgent: request.headers['user-agent'], ip: request.ip },
        );
        // v1 knows three roles and no guardian area (issue 52, ADR 060): a guardian signs in on /api only, and
        // here meets the answer of an unknown account, so v1 clients never see a role they cannot open.
        if (result.role === 'guardian') throw unauthorized(INVALID_CREDENTIALS);
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
    {
      url: '/user-Register',
      summary: 'E3 register a student or teacher',
      status: 201,
      config: { rateLimit },
      preHandler: [perEmail],
    },
    async (request) => {
      const body = bodyOf(request);
      if (body.role !== 'student' && body.role !== 'teacher') throw badRequest('Invalid role specified');
      const username = typeof body.username === 'string' && body.username.trim() ? body.username : undefined;
      if (typeof body.password === 'string' && !body.password.trim()) throw fieldError('password', 'is required');
      const input = parseV1Registration({
        email: body.email,
        firstname: body.firstname,
        lastname: body.lastname,
        phone: body.phone,
        password: body.password,
        role: body.role,
        username,
      });
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
    {
      url: '/update-teacher-details',
      summary: 'E7/E9 update the caller’s profile',
      auth: ['teacher', 'admin'],
      write: true,
    },
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
        write: true,
        multipart: {
          type: 'object',
          properties: {
            ...Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, { type: 'string' as const }])),
            profileImage: {
              type: 'string',
              format: 'binary',
              description: 'Optional new picture: JPEG, PNG, WebP or GIF, at most 5 MB',
            },
          },
        },
        preValidation: async (request) => {
          if (!request.isMultipart()) throw new HttpError(415, 'Unsupported content type');
        },
      },
      async (request, user) => {
        const { fields, image } = await readProfileParts(request);
        // Fields and picture in one transaction: any error leaves both as they were (v1-api.md §2.2).
        const result = await accounts.updateProfile(user, v1ProfileChanges(fields), { image });
        return { message: 'User details successfully updated', data: toV1Profile(result.user) };
      },
    );
  });
}
