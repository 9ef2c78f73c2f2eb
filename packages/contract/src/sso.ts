import { z } from 'zod';
import { ROLES } from './constants/index.js';

/* Single sign-on (issue 48, ADR 056): the identity providers an admin keeps, the public list of the login page, and
   the attempts log with the reason of each refusal. */

/** Why a sign-in through a provider ended: the code in the attempts log and in the login page's `sso_error`. */
export const SSO_REASONS = [
  'signed-in',
  'unknown-provider',
  'provider-unreachable',
  'provider-error',
  'state-missing',
  'state-unknown-or-used',
  'state-expired',
  'browser-mismatch',
  'wrong-audience',
  'wrong-issuer',
  'wrong-nonce',
  'token-expired',
  'bad-signature',
  'token-refused',
  'domain-not-allowed',
  'tenant-not-allowed',
  'email-missing',
  'email-not-verified',
  'account-suspended',
] as const;
export type SsoReason = (typeof SSO_REASONS)[number];

const domain = z.string().trim().toLowerCase().min(1).max(253);
const tenant = z.string().trim().min(1).max(100);

export const PROVIDER_PRESETS = ['google', 'entra', 'generic'] as const;

export const ProviderBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  preset: z.enum(['google', 'entra', 'generic']),
  issuer: z.string().trim().min(8).max(500),
  clientId: z.string().trim().min(1).max(500),
  clientSecret: z.string().max(2000).optional(),
  allowedDomains: z.array(domain).max(50).default([]),
  allowedTenants: z.array(tenant).max(50).default([]),
  newUserRole: z.enum(['student', 'teacher']).default('student'),
  enabled: z.boolean().default(false),
});

export const ProviderPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    preset: z.enum(['google', 'entra', 'generic']),
    issuer: z.string().trim().min(8).max(500),
    clientId: z.string().trim().min(1).max(500),
    clientSecret: z.string().max(2000),
    allowedDomains: z.array(domain).max(50),
    allowedTenants: z.array(tenant).max(50),
    newUserRole: z.enum(['student', 'teacher']),
    enabled: z.boolean(),
  })
  .partial();

export const AdminProviderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  preset: z.enum(['google', 'entra', 'generic']),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  allowedDomains: z.array(z.string()),
  allowedTenants: z.array(z.string()),
  newUserRole: z.enum(['student', 'teacher']),
  enabled: z.boolean(),
});

export const PublicProviderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  preset: z.enum(['google', 'entra', 'generic']),
});

export const SignInAttemptSchema = z.object({
  id: z.uuid(),
  providerId: z.uuid().nullable(),
  providerName: z.string(),
  at: z.string(),
  outcome: z.enum(['signed-in', 'refused']),
  reason: z.enum(SSO_REASONS).or(z.string()),
  detail: z.string(),
  email: z.string(),
});

export const ProviderParamsSchema = z.object({ provider: z.string().max(100) });
export const StartQuerySchema = z.object({ returnTo: z.string().max(500).optional() });
export const ExchangeBodySchema = z.object({ code: z.string().min(20).max(200) });
/** A guardian (issue 52) signs in like anyone once their account exists; a claim never makes one (newUserRole). */
export const ExchangeResponseSchema = z.object({ token: z.string(), role: z.enum(ROLES) });
export type ProviderBody = z.infer<typeof ProviderBodySchema>;
export type ProviderPatch = z.infer<typeof ProviderPatchSchema>;
export type AdminProvider = z.infer<typeof AdminProviderSchema>;
export type PublicProvider = z.infer<typeof PublicProviderSchema>;
export type SignInAttempt = z.infer<typeof SignInAttemptSchema>;
