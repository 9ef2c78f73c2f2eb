import { timingSafeEqual } from 'node:crypto';
import {
  NOTIFICATION_TYPE_KEYS,
  NOTIFICATION_TYPES,
  type EmailChoice,
  type NotificationPreference,
  type NotificationType,
  type UnsubscribeResult,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/index.js';
import { badRequest } from '#lib/errors.js';
import type { NotificationContext } from './context.js';
import { DIGEST, isType } from './rows.js';

/** Each user's e-mail choice per notification type, and the one-click unsubscribe of a mail's link. */
export function createPreferences({ db, deps, unsubscribeToken, effectiveChoices, setChoices }: NotificationContext) {
  async function preferences(userId: string, role: string): Promise<NotificationPreference[]> {
    const choices = await effectiveChoices(userId);
    return NOTIFICATION_TYPE_KEYS.filter((type) =>
      (NOTIFICATION_TYPES[type].roles as readonly string[]).includes(role),
    ).map((type) => ({
      type,
      label: NOTIFICATION_TYPES[type].label,
      description: NOTIFICATION_TYPES[type].description,
      email: choices.get(type)!,
    }));
  }

  return {
    unsubscribeToken,
    preferences,

    async updatePreferences(
      userId: string,
      role: string,
      items: { type: string; email: EmailChoice }[],
    ): Promise<NotificationPreference[]> {
      const valid = items.filter((item): item is { type: NotificationType; email: EmailChoice } => isType(item.type));
      await setChoices(userId, valid);
      return preferences(userId, role);
    },

    /**
     * One-click unsubscribe (RFC 8058), no session: the token's MAC must match its user and type, so it can be
     * neither forged nor pointed at another user. Turns that type's e-mail off (the digest token: every digest type).
     */
    async unsubscribe(token: string): Promise<UnsubscribeResult> {
      const invalid = () => badRequest('This unsubscribe link is not valid');
      const [userId, type, mac, ...rest] = token.split('~');
      if (!userId || !type || !mac || rest.length > 0) throw invalid();
      if (!/^[0-9a-f-]{36}$/i.test(userId) || !(isType(type) || type === DIGEST)) throw invalid();
      const expected = Buffer.from(deps.tokens.mac('unsubscribe', `${userId}:${type}`));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw invalid();
      if (type === DIGEST) {
        const choices = await effectiveChoices(userId);
        const digestTypes = [...choices].filter(([, email]) => email === 'digest').map(([t]) => t);
        await setChoices(
          userId,
          digestTypes.map((t) => ({ type: t, email: 'off' })),
        );
        return { type: DIGEST, label: 'Daily summary', email: 'off' };
      }
      await setChoices(userId, [{ type, email: 'off' }]);
      return { type, label: NOTIFICATION_TYPES[type].label, email: 'off' };
    },
  };
}
