import { EMAIL_CHOICES, NOTIFICATION_LIMITS, NOTIFICATION_TYPE_KEYS } from './constants/notifications.js';
import { DateTimeSchema, IdSchema } from './common.js';
import { z } from './zod.js';

export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPE_KEYS as [string, ...string[]], {
  error: `must be one of ${NOTIFICATION_TYPE_KEYS.join(', ')}`,
});
export const EmailChoiceSchema = z.enum(EMAIL_CHOICES, { error: `must be one of ${EMAIL_CHOICES.join(', ')}` });

/** One notification as the bell, the page and the stream show it. */
export const NotificationSchema = z.object({
  id: IdSchema,
  /** Its place in the user's stream (the SSE event id; the list's cursor). */
  seq: z.number().int(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path inside the web app. */
  link: z.string(),
  createdAt: DateTimeSchema,
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /api/notifications: newest first, keyset-paged by `before` (a seq). */
export const NotificationListQuerySchema = z.object({
  before: z.coerce.number().int().min(1, { error: 'must be a positive integer' }).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'must be at least 1' })
    .max(NOTIFICATION_LIMITS.maxPageSize, { error: `must be at most ${NOTIFICATION_LIMITS.maxPageSize}` })
    .default(20),
  type: NotificationTypeSchema.optional(),
  unread: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type NotificationListQuery = z.input<typeof NotificationListQuerySchema>;

export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  /** The cursor of the next (older) page, or null at the end. */
  nextBefore: z.number().int().nullable(),
  /** Unread notifications of the user (all types), capped at NOTIFICATION_LIMITS.unreadCap. */
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** POST /api/notifications/read: these notifications, or all of them up to `upTo` (a seq) when ids are absent. */
export const MarkReadBodySchema = z
  .object({
    ids: z.array(IdSchema).min(1).max(NOTIFICATION_LIMITS.maxPageSize).optional(),
    all: z.literal(true).optional(),
  })
  .refine((body) => Boolean(body.ids) !== Boolean(body.all), { error: 'must give either ids or all: true' });
export type MarkReadBody = z.infer<typeof MarkReadBodySchema>;

export const NotificationPreferenceSchema = z.object({
  type: NotificationTypeSchema,
  label: z.string(),
  description: z.string(),
  email: EmailChoiceSchema,
});
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;
export const NotificationPreferencesSchema = z.object({ items: z.array(NotificationPreferenceSchema) });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** PUT /api/me/notification-preferences: the types to change. */
export const UpdatePreferencesBodySchema = z.object({
  items: z
    .array(z.object({ type: NotificationTypeSchema, email: EmailChoiceSchema }))
    .min(1)
    .max(NOTIFICATION_TYPE_KEYS.length),
});
export type UpdatePreferencesBody = z.infer<typeof UpdatePreferencesBodySchema>;

/** POST /api/unsubscribe?token= (RFC 8058 one-click, and the page behind the mail's link): the signed token. */
export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(300) });
export const UnsubscribeResultSchema = z.object({ type: z.string(), label: z.string(), email: EmailChoiceSchema });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;
