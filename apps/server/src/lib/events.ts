import {
  LANGUAGES,
  NOTIFICATION_TYPES,
  type EmailChoice,
  type NotificationData,
  type NotificationType,
} from '@lyceum/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { jobs, notificationPreferences, notifications, users } from '../db/schema/index.js';
import { languageOrDefault } from './i18n/index.js';
import { DEFAULT_MAX_ATTEMPTS, type DbOrTx } from './jobs.js';
import { notificationText } from './notification-texts/index.js';
import { usersByTimeZone, zoneOrDefault } from './time-zones.js';

/** The NOTIFY channel that tells every app process which users have new notifications (payload: ids, comma-separated). */
export const NOTIFICATIONS_CHANNEL = 'lyceum_notifications';
/** The job that mails one notification (features/notifications registers its handler). */
export const MAIL_JOB = 'notifications.mail';

export interface RaisedEvent<T extends NotificationType> {
  type: T;
  /** User ids; duplicates are dropped. Leave out whoever caused the event. */
  recipients: readonly string[];
  data: NotificationData[T];
  /** Mail now whoever would get it in the digest (an announcement's "e-mail now"); "off" stays off. */
  mailNow?: boolean;
  /**
   * Rich text (sanitised HTML) the immediate mail shows instead of the notification's plain body: an
   * announcement's own formatting and links. Carried by the mail job, not stored with the notification.
   */
  mailHtml?: string;
}

/** Ids per NOTIFY: a payload stays under PostgreSQL's 8,000 bytes. */
const IDS_PER_NOTIFY = 150;

/**
 * The one way a feature tells users something happened (ADR 027). Call it inside the transaction of the change:
 * it writes one notification per recipient, a mail job for each who wants it immediately (a daily digest picks up
 * the others), and a NOTIFY that reaches the live streams of every app process — all of it committed, or rolled
 * back, with the change. Features never send mail themselves. A change made in one statement raises its event in
 * that statement instead (`eventStatementParts`).
 */
export async function raiseEvent<T extends NotificationType>(tx: DbOrTx, event: RaisedEvent<T>): Promise<void> {
  const recipients = [...new Set(event.recipients)];
  const dated = showsTime(event);
  // Each batch of recipients is one statement (ADR 019, sessions 21 and 25); a text with a time is written for each
  // recipient's zone, one statement per zone among them (issue 46.9, ADR 050).
  for (let i = 0; i < recipients.length; i += EVENT_RECIPIENTS_PER_STATEMENT) {
    const batch = recipients.slice(i, i + EVENT_RECIPIENTS_PER_STATEMENT);
    const groups = dated ? await usersByTimeZone(tx, batch) : new Map([[zoneOrDefault(null), batch]]);
    for (const [timeZone, ids] of groups) {
      await tx.execute(
        sql`with ${eventStatementParts({ ...event, recipients: ids }, sql`true`, timeZone)} ${READ_TOLD}`,
      );
    }
  }
}

/**
 * Whether the event's text tells a time (a due date), so differs by the reader's zone: written for two zones whose
 * clocks never show the same minutes (UTC and Kathmandu's +05:45), the texts differ only then.
 */
function showsTime<T extends NotificationType>(event: RaisedEvent<T>): boolean {
  const utc = notificationText(event.type, event.data, { language: 'en', timeZone: 'UTC' });
  const other = notificationText(event.type, event.data, { language: 'en', timeZone: 'Asia/Kathmandu' });
  return utc.title !== other.title || utc.body !== other.body;
}

/** Recipients raised in one statement. */
export const EVENT_RECIPIENTS_PER_STATEMENT = 1000;

/** Reads `told` (PostgreSQL runs a SELECT in WITH only when something reads it). */
const READ_TOLD = sql`select (select notifies from told) as notifies`;

/**
 * The common table expressions that raise `event` within a statement (`recipient`, `added`, `mailed`, `told`), for
 * a statement that makes a change and tells of it in one round trip (ADR 019, session 25), and for `raiseEvent`.
 * Raised only where `when` holds (a condition on the statement's earlier expressions, e.g. that a row was written).
 * The text is written for `timeZone` (every recipient's; raiseEvent groups recipients by zone when it tells a time)
 * and in each recipient's language (users.language, else the school's; issue 47): every language's words are in the
 * statement, and each row takes its reader's.
 * The recipients' e-mail choices are read, the notifications written in the recipients' order with the mail each
 * waits for (none when the choice is "off"; "e-mail now" mails the others at once), a mail job added for each who
 * wants it now, and the live streams told, IDS_PER_NOTIFY ids to a NOTIFY. The statement must read `told`
 * (`(select notifies from told)`).
 */
export function eventStatementParts<T extends NotificationType>(
  event: RaisedEvent<T>,
  when: SQL = sql`true`,
  timeZone = zoneOrDefault(null),
): SQL {
  const recipients = [...new Set(event.recipients)];
  if (recipients.length > EVENT_RECIPIENTS_PER_STATEMENT) throw new Error('too many recipients for one statement');
  const fallback: EmailChoice = NOTIFICATION_TYPES[event.type].email;
  const texts = LANGUAGES.map((language) => ({
    language,
    ...notificationText(event.type, event.data, { language, timeZone }),
  }));
  const inLanguage = (pick: (text: (typeof texts)[number]) => string, max: number) =>
    sql`case reader_language ${sql.join(
      texts.map((text) => sql`when ${text.language} then ${pick(text).slice(0, max)}`),
      sql` `,
    )} end`;
  const ids = `{${recipients.join(',')}}`;
  const mailPayload = event.mailHtml
    ? sql`jsonb_build_object('notificationId', id, 'html', ${event.mailHtml}::text)`
    : sql`jsonb_build_object('notificationId', id)`;
  return sql`recipient as (
      select r.id, r.n, coalesce(p.email, ${fallback}) as choice,
             coalesce(reader.language, ${languageOrDefault(null)}) as reader_language
        from unnest(${ids}::uuid[]) with ordinality as r(id, n)
        left join ${notificationPreferences} p on p.user_id = r.id and p.type = ${event.type}
        left join ${users} reader on reader.id = r.id
       where ${when}
    ), added as (
      insert into ${notifications} (user_id, type, title, body, link, mail)
      select id, ${event.type}, ${inLanguage((text) => text.title, 500)}, ${inLanguage((text) => text.body, 1000)},
             ${texts[0]!.link},
             case when choice = 'off' then 'none' when ${Boolean(event.mailNow)} then 'immediate' else choice end
        from recipient order by n
      returning id, mail
    ), mailed as (
      insert into ${jobs} (name, payload, run_at, unique_key, max_attempts)
      select ${MAIL_JOB}, ${mailPayload}, ${new Date().toISOString()}::timestamptz,
             'mail:' || id, ${DEFAULT_MAX_ATTEMPTS}
        from added where mail = 'immediate'
      on conflict (unique_key) do nothing
    ), told as (
      select count(pg_notify(${NOTIFICATIONS_CHANNEL}, chunk)) as notifies
        from (select string_agg(id::text, ',' order by n) as chunk
                from recipient group by (n - 1) / ${IDS_PER_NOTIFY}) as chunks
    )`;
}

/** How a notification names a person: first and last name. */
export async function displayName(tx: DbOrTx, userId: string): Promise<string> {
  const [row] = await tx
    .select({ firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? personName(row.firstname, row.lastname) : 'Someone';
}

/** A person's name as notifications show it ('Someone' when both parts are empty). */
export function personName(firstname: string, lastname: string): string {
  return `${firstname} ${lastname}`.trim() || 'Someone';
}
