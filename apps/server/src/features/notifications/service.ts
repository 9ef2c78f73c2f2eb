import type { Db } from '#db/client.js';
import { createNotificationContext, type NotificationServiceDeps } from './context.js';
import { createDelivery } from './delivery.js';
import { createInbox } from './inbox.js';
import { createPreferences } from './preferences.js';

export type { NotificationServiceDeps } from './context.js';
export { notificationColumns, toNotification } from './rows.js';

/**
 * Notifications, one module per use case over a shared context (ADR 039): the bell (inbox.ts: the kept list, the
 * unread count, what is new for a stream), the e-mail choices and unsubscribe (preferences.ts), and mail
 * (delivery.ts: one notification's, the daily digest, their jobs).
 */
export function createNotificationService(db: Db, deps: NotificationServiceDeps) {
  const context = createNotificationContext(db, deps);
  return {
    ...createInbox(context),
    ...createPreferences(context),
    ...createDelivery(context),
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
