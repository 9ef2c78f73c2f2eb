import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './users.js';

/**
 * A school's OpenID Connect identity provider (issue 48, ADR 056). The client secret is stored encrypted
 * (AES-256-GCM under SSO_SECRET_KEY, features/sso/secrets.ts) and never sent back to a browser.
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['oidc'] })
      .notNull()
      .default('oidc'),
    name: text('name').notNull(),
    preset: text('preset', { enum: ['google', 'entra', 'generic'] }).notNull(),
    /** The issuer URL (discovery at /.well-known/openid-configuration); Entra multi-tenant: with `{tenantid}`. */
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** iv.ciphertext.tag, base64url; empty for a public client. */
    clientSecretEncrypted: text('client_secret_encrypted').notNull().default(''),
    /** Google: the `hd` values allowed (empty: any). */
    allowedDomains: text('allowed_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Entra: the `tid` values allowed (empty with a `{tenantid}` issuer: none). */
    allowedTenants: text('allowed_tenants')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The role of an account created at its first sign-in. */
    newUserRole: text('new_user_role', { enum: ['student', 'teacher'] })
      .notNull()
      .default('student'),
    enabled: boolean('enabled').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('identity_providers_kind_check', sql`${t.kind} in ('oidc')`),
    check('identity_providers_preset_check', sql`${t.preset} in ('google', 'entra', 'generic')`),
    check('identity_providers_role_check', sql`${t.newUserRole} in ('student', 'teacher')`),
  ],
);

/**
 * A sign-in begun (state, nonce, PKCE verifier): in the database so that any app process can finish it, deleted
 * when the callback reads it (single use).
 */
export const ssoLoginStates = pgTable(
  'sso_login_states',
  {
    state: text('state').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull().default('/'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sso_login_states_expires_idx').on(t.expiresAt)],
);

/** A provider's account (`sub`) linked to a Lyceum user. */
export const linkedIdentities = pgTable(
  'linked_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    email: text('email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('linked_identities_provider_subject_key').on(t.providerId, t.subject),
    index('linked_identities_user_idx').on(t.userId),
  ],
);

/** Every end of a sign-in through a provider, for the admin's last attempts list. */
export const ssoSignInAttempts = pgTable(
  'sso_sign_in_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id').references(() => identityProviders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    outcome: text('outcome', { enum: ['signed-in', 'refused'] }).notNull(),
    /** A code (features/sso/reasons.ts) and, for refusals from the token checks, the library's words. */
    reason: text('reason').notNull().default(''),
    detail: text('detail').notNull().default(''),
    email: text('email').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('sso_sign_in_attempts_at_idx').on(t.at),
    check('sso_sign_in_attempts_outcome_check', sql`${t.outcome} in ('signed-in', 'refused')`),
  ],
);

/**
 * The one-time code the callback's redirect carries to the web app, which exchanges it for the session token
 * (so the token itself is never in a URL). Only a hash is stored; single use, one minute.
 */
export const ssoHandoffs = pgTable('sso_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
