import { createHash } from 'node:crypto';
import { ACCOUNT_MESSAGES, type ProfileSessionResponse } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { TokenService } from '#auth/tokens.js';
import type { Db } from '#db/client.js';
import { users } from '#db/schema/index.js';
import { systemClock, type AttemptCounter, type Clock } from '#lib/attempt-counter.js';
import { notFound } from '#lib/errors.js';
import { topics, type InvalidationBus } from '#lib/invalidation.js';
import { sendInBackground, type MailLog, type Mailer } from '#lib/mailer.js';
import { findProfileById, toProfile, toTokenUser, type ProfileRow } from './repository.js';

export const EMAIL_TAKEN = 'User is already registered with this email. Please sign in.';
export const USERNAME_TAKEN = ACCOUNT_MESSAGES.usernameTaken;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_SUSPENDED = 'Your account is suspended. Please contact an administrator.';

/**
 * Where profile pictures go (the uploads feature, handed over by the app). `encode` checks and re-encodes
 * outside any transaction; `save` and `remove` run inside the caller's.
 */
export interface ProfileImageStore {
  encode(bytes: Buffer): Promise<unknown>;
  save(encoded: unknown, executor?: Db): Promise<{ id: string; name: string }>;
  remove(id: string, executor?: Db): Promise<void>;
}

export interface AccountServiceDeps {
  images: ProfileImageStore;
  /** Failed logins per account; shared between nodes when Redis is configured. */
  attempts: AttemptCounter;
  mailer: Mailer;
  log?: MailLog;
  clock?: Clock;
  /** Told when a name or picture that public pages show changes. */
  invalidation?: InvalidationBus;
  /** The web app's address, for the undo link mailed after an e-mail change. */
  publicUrl?: string;
}

/** Only this digest of an undo token is stored. */
export const hashUndoToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function undoEmailLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/undo-email-change?token=${encodeURIComponent(token)}`;
}

export type AccountContext = ReturnType<typeof createAccountContext>;

/**
 * What the account use cases share: the database, tokens and deps, a profile's row, a token for the calling session,
 * the picture's replacement, the mails sent in the background and the caches' word that a public face changed.
 */
export function createAccountContext(db: Db, tokens: TokenService, deps: AccountServiceDeps) {
  const { images, mailer, log, invalidation } = deps;
  /** A person's name and picture show on course pages, reviews and the forum. */
  const publicFacesChanged = () => invalidation?.publish(topics.everything());
  const publicUrl = deps.publicUrl ?? 'http://localhost:3000';
  const clock = deps.clock ?? systemClock;

  async function loadProfileRow(id: string): Promise<ProfileRow> {
    const row = await findProfileById(db, id);
    if (!row) throw notFound('User not found');
    return row;
  }

  /** A token for the calling session: same expiry as the presented one, so a change never extends a session. */
  function reissue(row: ProfileRow, user: SessionUser, tokenVersion: number): Promise<string> {
    return tokens.issue(toTokenUser(row), tokenVersion, {
      sessionId: user.sessionId,
      expiresAt: user.tokenExpiresAt,
    });
  }

  async function profileSession(user: SessionUser, message: string): Promise<ProfileSessionResponse> {
    const row = await loadProfileRow(user.id);
    // The session's own version: if another request raised it meanwhile, this token must not outlive that.
    return { message, user: toProfile(row), token: await reissue(row, user, user.tokenVersion) };
  }

  /** Stores the new picture and drops the old one, inside the caller's transaction. */
  async function replaceProfileImage(tx: Db, userId: string, encoded: unknown): Promise<void> {
    const [current] = await tx
      .select({ imageId: users.profileImageId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!current) throw notFound('User not found');
    const stored = await images.save(encoded, tx);
    await tx.update(users).set({ profileImageId: stored.id }).where(eq(users.id, userId));
    if (current.imageId) await images.remove(current.imageId, tx);
  }

  function notify(to: string, subject: string, text: string) {
    void sendInBackground(mailer, { to, subject, text }, log);
  }

  return {
    db,
    tokens,
    deps,
    publicUrl,
    clock,
    publicFacesChanged,
    loadProfileRow,
    reissue,
    profileSession,
    replaceProfileImage,
    notify,
  };
}
