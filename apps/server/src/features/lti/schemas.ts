import { z } from 'zod';
import { LTI_REASONS } from './reasons.js';

/* The API's shapes for LTI 1.3 (issue 51); moved to the contract when the web app's screens use them. */

const url = z
  .string()
  .trim()
  .max(1000)
  .refine((value) => {
    try {
      return ['https:', 'http:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

const toolFields = {
  name: z.string().trim().min(1).max(100),
  deploymentId: z.string().trim().min(1).max(255),
  loginUrl: url,
  targetLinkUri: url,
  jwksUrl: url.or(z.literal('')),
  /** A public JWK (JSON) or an SPKI PEM, when the tool publishes no JWKS. */
  publicKey: z.string().trim().max(10_000),
  redirectUris: z.array(url).min(1).max(20),
  shareName: z.boolean(),
  shareEmail: z.boolean(),
  enabled: z.boolean(),
};

export const ToolBodySchema = z
  .object({
    ...toolFields,
    jwksUrl: toolFields.jwksUrl.default(''),
    publicKey: toolFields.publicKey.default(''),
    shareName: toolFields.shareName.default(false),
    shareEmail: toolFields.shareEmail.default(false),
    enabled: toolFields.enabled.default(true),
  })
  .refine((tool) => tool.jwksUrl !== '' || tool.publicKey !== '', {
    message: 'a JWKS URL or a public key is needed',
    path: ['jwksUrl'],
  });

export const ToolPatchSchema = z.object(toolFields).partial();

export const AdminToolSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  clientId: z.string(),
  deploymentId: z.string(),
  loginUrl: z.string(),
  targetLinkUri: z.string(),
  jwksUrl: z.string(),
  publicKey: z.string(),
  redirectUris: z.array(z.string()),
  shareName: z.boolean(),
  shareEmail: z.boolean(),
  enabled: z.boolean(),
  /** What the admin gives the tool's side: the issuer, the authorization endpoint and the JWKS URL. */
  platform: z.object({ issuer: z.string(), authorizationEndpoint: z.string(), jwksUrl: z.string() }),
});

export const RotateResultSchema = z.object({ currentKid: z.string(), previousKid: z.string() });

export const LaunchAttemptSchema = z.object({
  id: z.uuid(),
  toolId: z.uuid().nullable(),
  at: z.string(),
  outcome: z.enum(['launched', 'refused']),
  reason: z.enum(LTI_REASONS).or(z.string()),
  detail: z.string(),
  userId: z.uuid().nullable(),
});

export const ToolItemBodySchema = z.object({
  toolId: z.uuid(),
  title: z.string().trim().min(1).max(200),
  targetLinkUri: url.or(z.literal('')).default(''),
});

export const ToolItemSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  sectionId: z.uuid(),
  toolId: z.uuid(),
  toolName: z.string(),
  title: z.string(),
  targetLinkUri: z.string(),
});

export const CourseSectionParamsSchema = z.object({ id: z.uuid(), sectionId: z.uuid() });
export const CourseItemParamsSchema = z.object({ id: z.uuid(), itemId: z.uuid() });
export const ItemParamsSchema = z.object({ itemId: z.uuid() });

/** The third-party login initiation the browser sends to the tool (a form the web app posts). */
export const LaunchStartSchema = z.object({
  action: z.string(),
  method: z.literal('POST'),
  fields: z.object({
    iss: z.string(),
    login_hint: z.string(),
    target_link_uri: z.string(),
    lti_message_hint: z.string(),
    client_id: z.string(),
    lti_deployment_id: z.string(),
  }),
});

/** The tool's authentication request (OIDC implicit flow, LTI 1.3 core §5.1.1.2), by query or form. */
export const AuthorizeParamsSchema = z.object({
  scope: z.string().max(200).optional(),
  response_type: z.string().max(50).optional(),
  response_mode: z.string().max(50).optional(),
  prompt: z.string().max(50).optional(),
  client_id: z.string().max(255).optional(),
  redirect_uri: z.string().max(1000).optional(),
  login_hint: z.string().max(255).optional(),
  lti_message_hint: z.string().max(1000).optional(),
  nonce: z.string().max(255).optional(),
  state: z.string().max(1000).optional(),
  lti_deployment_id: z.string().max(255).optional(),
  id_token_signed_response_alg: z.string().max(20).optional(),
});
export type AuthorizeParams = z.infer<typeof AuthorizeParamsSchema>;

export const DeepLinkingBodySchema = z.object({ toolId: z.uuid() });
/** The deep linking response as the tool's form posts it. */
export const DeepLinkingReturnSchema = z.object({ JWT: z.string().min(1).max(100_000) });
