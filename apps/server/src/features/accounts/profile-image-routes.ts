import type { MultipartFile } from '@fastify/multipart';
import { ACCOUNT_MESSAGES, ErrorSchema, ProfileSessionResponseSchema } from '@lyceum/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { badRequest, fieldError, HttpError } from '#lib/errors.js';
import { createKeyedLimit } from '#lib/keyed-limit.js';
import type { AccountService } from './service.js';

/** The multipart part that carries the picture. */
export const IMAGE_PART = 'image';

/** What the multipart parser's limit and format errors mean to the caller. */
function describeMultipartError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, ACCOUNT_MESSAGES.imageTooLarge);
    case 'FST_FILES_LIMIT':
      return badRequest('Send one image only');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest(`Send only the "${IMAGE_PART}" file part`);
    default:
      return badRequest('Malformed multipart body');
  }
}

/** The bytes of the single `image` file part; 400/413 for anything else. */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      const file = part as MultipartFile;
      if (file.fieldname !== IMAGE_PART) {
        await file.toBuffer().catch(() => undefined); // read to the end so the request completes cleanly
        throw badRequest('Unexpected file field');
      }
      image = await file.toBuffer();
    }
  } catch (error) {
    throw describeMultipartError(error);
  }
  // A form submitted without choosing a file sends an empty part.
  if (!image || image.byteLength === 0) throw fieldError(IMAGE_PART, 'is required');
  return image;
}

export interface ProfileImageRoutesOptions {
  accounts: AccountService;
  guards: Guards;
  /** Uploads per user per minute. */
  imageRateLimit: number;
}

/**
 * PUT and DELETE /api/me/image. Registered in a scope of its own with @fastify/multipart (limits: one file
 * of 5 MB, no fields), so every other route keeps answering multipart bodies with 415.
 */
export const profileImageRoutes: FastifyPluginAsyncZod<ProfileImageRoutesOptions> = async (
  app,
  { accounts, guards, imageRateLimit },
) => {
  // Per user (after authentication): each upload costs a decode, whoever the client says it is.
  const perUser = createKeyedLimit(app, 'me-image', imageRateLimit, (request) => request.sessionUser?.id ?? null);
  app.put(
    '/me/image',
    {
      // 415 before 401, as for JSON bodies: the body's type is checked first (the bytes are read only later).
      preValidation: async (request) => {
        if (!request.isMultipart()) throw new HttpError(415, 'Unsupported content type');
      },
      preHandler: [guards.requireUser, perUser],
      config: {
        access: { who: 'user', scope: 'self' },
        multipartBody: {
          type: 'object',
          required: ['image'],
          properties: {
            image: { type: 'string', format: 'binary', description: 'JPEG, PNG, WebP or GIF, at most 5 MB' },
          },
        },
      },
      schema: {
        tags: ['account'],
        summary: "Replace the caller's profile picture",
        description:
          'multipart/form-data with one file part named `image`: JPEG, PNG, WebP or GIF (detected from the bytes), ' +
          'at most 5 MB and 25 megapixels. At most IMAGE_RATE_LIMIT_PER_MINUTE uploads per user (429), and 503 ' +
          'with Retry-After while the server is decoding as many images as it will. Stored re-encoded as WebP of at most 512 px; the old picture is deleted. Answers the ' +
          'profile and a fresh token (same expiry) whose payload has the new `profileImage`.',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: {
          200: ProfileSessionResponseSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
          429: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return accounts.setProfileImage(user, await readImagePart(request));
    },
  );

  app.delete(
    '/me/image',
    {
      config: { access: { who: 'user', scope: 'self' } },
      preHandler: guards.requireUser,
      schema: {
        tags: ['account'],
        summary: "Remove the caller's profile picture (back to the default one)",
        security: [{ bearerAuth: [] }],
        response: { 200: ProfileSessionResponseSchema, 401: ErrorSchema },
      },
    },
    async (request) => accounts.removeProfileImage(currentUser(request)),
  );
};
