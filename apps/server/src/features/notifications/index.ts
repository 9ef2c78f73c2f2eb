import { SESSION_CHANNEL } from '#db/client.js';
import { feature, type Core } from '#core.js';
import { NOTIFICATIONS_CHANNEL } from '#lib/events.js';
import { guardianSummaryMail } from './mail.js';
import { notificationRoutes } from './routes.js';
import { createNotificationService } from './service.js';
import { createStreamHub } from './stream.js';

/** Notifications: the bell, mail and digests (jobs), and the live streams (Server-Sent Events). */
export async function notificationsFeature(core: Core) {
  const { config, database, jobs, log } = core;
  const notifications = createNotificationService(database.db, {
    mailer: core.mailer,
    tokens: core.tokens,
    publicUrl: config.publicUrl,
    log,
    watchUsers: database.watchUsers,
  });
  core.onClose(() => notifications.close());
  const hub = createStreamHub(database.db, notifications, { checkMs: config.sseCheckMs, log });
  notifications.registerJobs(jobs);
  // One NOTIFY per committed event, from whichever process wrote it: live streams here, and mail jobs now. The
  // session changes on the same connection, so a stream whose session ended before an event committed is checked
  // (and ended) before that event is read for it (ADR 035).
  const stopListening = await database.listen([SESSION_CHANNEL, NOTIFICATIONS_CHANNEL], (payload, channel) => {
    if (channel === SESSION_CHANNEL) return hub.onSessionChange(payload);
    hub.onNotify(payload);
    jobs.wake();
  });
  return feature({
    /** The guardians' weekly summary mail, in this feature's frame and languages (handed on by buildApp). */
    guardianSummaryMail,
    /** Streams end before the server closes; then the app stops listening (its close). */
    hub,
    stopListening,
    routes: async (api) =>
      api.register(notificationRoutes, {
        notifications,
        hub,
        guards: core.guards,
        unsubscribeRateLimit: config.authRateLimitPerMinute,
      }),
  });
}
