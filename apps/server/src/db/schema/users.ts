import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Language } from '@lyceum/contract/constants';

/** bytea as a Buffer on both drivers (pg gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
export { timestamps };

/** Stored, re-encoded images (DESIGN §6): kept in the database so app nodes stay stateless. */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Random URL-safe name served at /uploads/<name>. */
  name: text('name').notNull().unique(),
  contentType: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  data: bytea('data').notNull(),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'guardian' (issue 52, ADR 060) only through a guardian invitation, never by the registration form. */
    role: text('role', { enum: ['student', 'teacher', 'admin', 'guardian'] }).notNull(),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Raised on password change, role change, suspension and "log out everywhere": older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    phone: text('phone').notNull().default(''),
    expertise: text('expertise').notNull().default(''),
    pincode: text('pincode').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    aboutInfo: text('about_info').notNull().default(''),
    personalWebsite: text('personal_website').notNull().default(''),
    githubProfile: text('github_profile').notNull().default(''),
    profileImageId: uuid('profile_image_id').references(() => images.id, { onDelete: 'set null' }),
    /**
     * The IANA time zone every date is shown in for this user (screens, notifications, e-mails; issue 46.9, ADR 050):
     * sent by the browser at sign-in, editable in My Account; null until then (DEFAULT_TIME_ZONE applies).
     */
    timeZone: text('time_zone'),
    /**
     * The language this user reads Lyceum in (issue 47, docs/i18n.md), chosen in My Account; null until then (the
     * browser's Accept-Language, then DEFAULT_LANGUAGE, applies).
     */
    language: text('language').$type<Language>(),
    /** A student's date of birth when the school records it: from 18 they decide about their guardians (ADR 070). */
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(t.username),
    index('users_role_created_idx').on(t.role, t.createdAt),
    check('users_role_check', sql`${t.role} in ('student', 'teacher', 'admin', 'guardian')`),
    check('users_status_check', sql`${t.status} in ('active', 'suspended')`),
    check('users_language_check', sql`${t.language} in ('en', 'es', 'ar')`),
  ],
);

/** Single-use password reset tokens; only a hash of the token is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * One row per sign-in (issue 13.4): the token carries its id (`sid`), so one session can be revoked on the
 * server (logout) while the others stay. `revokedReason` is one of SESSION_END_REASONS, told to the client.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Updated at most every few minutes (SESSION_TOUCH_INTERVAL_MS), not on every request. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason', { enum: ['signed-out', 'password-changed', 'suspended', 'expired'] }),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    check(
      'sessions_revoked_reason_check',
      sql`${t.revokedReason} is null or ${t.revokedReason} in ('signed-out', 'password-changed', 'suspended', 'expired')`,
    ),
  ],
);

/** The undo link mailed to the old address after an e-mail change; only a hash of the token is stored. */
export const emailChangeUndos = pgTable(
  'email_change_undos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('email_change_undos_user_idx').on(t.userId)],
);
