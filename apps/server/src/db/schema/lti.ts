import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses } from './courses.js';
import { courseSections } from './curriculum.js';
import { timestamps, users } from './users.js';

/**
 * An external tool the school registered (issue 51, ADR 068): Lyceum is the LTI 1.3 platform, the tool a client
 * whose `client_id` Lyceum generated. Its keys come from its JWKS URL or one public key (a JWK or PEM).
 */
export const ltiTools = pgTable(
  'lti_tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    deploymentId: text('deployment_id').notNull(),
    /** The tool's OIDC third-party login initiation URL. */
    loginUrl: text('login_url').notNull(),
    /** The launch URL (`target_link_uri`) of a resource link that names none of its own. */
    targetLinkUri: text('target_link_uri').notNull(),
    jwksUrl: text('jwks_url').notNull().default(''),
    publicKey: text('public_key').notNull().default(''),
    redirectUris: text('redirect_uris')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    shareName: boolean('share_name').notNull().default(false),
    shareEmail: boolean('share_email').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('lti_tools_client_id_key').on(t.clientId)],
);

/**
 * The platform's RS256 signing keys: one `current` (signs), one `previous` (still published, so that a token signed
 * just before a rotation verifies). The private JWK is sealed (AES-256-GCM, lib/secret-box.ts).
 */
export const ltiPlatformKeys = pgTable(
  'lti_platform_keys',
  {
    kid: text('kid').primaryKey(),
    status: text('status', { enum: ['current', 'previous'] }).notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    privateJwkSealed: text('private_jwk_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_platform_keys_status_key').on(t.status),
    check('lti_platform_keys_status_check', sql`${t.status} in ('current', 'previous')`),
  ],
);

/** An "external tool" item of a section: a resource link to a registered tool. */
export const ltiToolItems = pgTable(
  'lti_tool_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => ltiTools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Order within the section's tool items (a deep linking response's items in the tool's order). */
    position: integer('position').notNull().default(0),
    /** The launch URL of this link; empty: the tool's. */
    targetLinkUri: text('target_link_uri').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('lti_tool_items_course_idx').on(t.courseId, t.sectionId, t.position),
    index('lti_tool_items_tool_idx').on(t.toolId),
  ],
);

/**
 * A launch begun by a user on an item: what the signed `lti_message_hint` names. Any app process can finish it; the
 * authorization request deletes it (single use).
 */
export const ltiLaunches = pgTable(
  'lti_launches',
  {
    id: text('id').primaryKey(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => ltiTools.id, { onDelete: 'cascade' }),
    /** LtiResourceLinkRequest: the item launched. LtiDeepLinkingRequest: the section the chosen items go to. */
    messageType: text('message_type', { enum: ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] })
      .notNull()
      .default('LtiResourceLinkRequest'),
    itemId: uuid('item_id').references(() => ltiToolItems.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id').references(() => courseSections.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('lti_launches_expires_idx').on(t.expiresAt),
    check(
      'lti_launches_message_type_check',
      sql`${t.messageType} in ('LtiResourceLinkRequest', 'LtiDeepLinkingRequest')`,
    ),
  ],
);

/** The nonces a tool sent to the authorization endpoint, each accepted once (across processes: the primary key). */
export const ltiNonces = pgTable(
  'lti_nonces',
  {
    toolId: uuid('tool_id')
      .notNull()
      .references(() => ltiTools.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.toolId, t.nonce] }), index('lti_nonces_expires_idx').on(t.expiresAt)],
);

/** Every end of an authorization request, for the admin: launched, or refused with a reason. */
export const ltiLaunchAttempts = pgTable(
  'lti_launch_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('tool_id').references(() => ltiTools.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    outcome: text('outcome', { enum: ['launched', 'refused'] }).notNull(),
    reason: text('reason').notNull(),
    detail: text('detail').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('lti_launch_attempts_at_idx').on(t.at),
    check('lti_launch_attempts_outcome_check', sql`${t.outcome} in ('launched', 'refused')`),
  ],
);
