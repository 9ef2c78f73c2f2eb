import type { Language } from '@lyceum/contract/constants';
import { convert } from 'html-to-text';
import { documentLanguage, translator } from '#lib/i18n/index.js';
import type { MailMessage } from '#lib/mailer.js';
import { sanitizeAboutHtml } from '#lib/sanitize.js';
import ar from './locales/ar.json';
import es from './locales/es.json';
import { notificationMailMessages as m } from './messages.js';

const translate = translator({ es, ar });

/** One notification as a mail shows it. */
export interface MailItem {
  title: string;
  body: string;
  /** Absolute URL. */
  url: string;
  /** Rich text shown instead of `body` (an announcement's HTML, sanitised at write and again here). */
  html?: string;
}

/**
 * Every text colour of the mails on its background, each at least 4.5:1 (WCAG AA; test/announcement-mail.test.ts
 * computes the ratios): the body, the muted brand line and footer, and the button.
 */
export const MAIL_COLOURS = {
  text: { fg: '#1f2933', bg: '#ffffff' },
  muted: { fg: '#52606d', bg: '#ffffff' },
  button: { fg: '#ffffff', bg: '#1864ab' },
} as const;
const { text: TEXT, muted: MUTED, button: BUTTON } = MAIL_COLOURS;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(
  language: Language,
  heading: string,
  inner: string,
  unsubscribe: { url: string; label: string },
): string {
  const { lang, dir } = documentLanguage(language);
  return `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:${TEXT.fg}">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:${TEXT.bg};border-radius:8px">
<tr><td style="padding:24px;color:${TEXT.fg}">
<p style="margin:0 0 16px;font-size:14px;color:${MUTED.fg}">Lyceum</p>
${inner}
<p style="margin:32px 0 0;font-size:12px;color:${MUTED.fg}">${escapeHtml(translate(language, m.why))}
<a href="${escapeHtml(unsubscribe.url)}" style="color:${MUTED.fg}">${escapeHtml(unsubscribe.label)}</a></p>
</td></tr></table></body></html>`;
}

function itemHtml(language: Language, item: MailItem): string {
  // Rich text is checked again where it is shown (ADR 037): what was clean at write comes out the same.
  const rich = item.html ? sanitizeAboutHtml(item.html) : '';
  const body = rich
    ? `<div style="margin:0 0 16px;line-height:1.5;color:${TEXT.fg}">${rich}</div>`
    : item.body
      ? `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(item.body)}</p>`
      : '';
  return `<h2 style="margin:0 0 8px;font-size:18px">${escapeHtml(item.title)}</h2>
${body}
<p style="margin:0 0 16px"><a href="${escapeHtml(item.url)}" style="display:inline-block;padding:10px 16px;background:${BUTTON.bg};color:${BUTTON.fg};text-decoration:none;border-radius:4px">${escapeHtml(translate(language, m.open))}</a></p>`;
}

/** Rich text as readable plain text: paragraphs and list items on their lines, links as "text (url)". */
function richText(html: string): string {
  return convert(sanitizeAboutHtml(html), {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
      ...(['h1', 'h2', 'h3'] as const).map((selector) => ({ selector, options: { uppercase: false } })),
    ],
  }).trim();
}

function itemText(item: MailItem): string {
  if (item.html) return [item.title, richText(item.html), item.url].filter(Boolean).join('\n\n');
  return [item.title, item.body, item.url].filter(Boolean).join('\n');
}

/** RFC 8058 one-click unsubscribe: the POST target in the header, the page in the body. */
function unsubscribeHeaders(postUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${postUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The mail of one notification: the same title, text and link as the bell shows, as HTML and as text. */
export function notificationMail(options: {
  to: string;
  /** The recipient's (issue 47): the frame is written in it, the notification's words already are. */
  language: Language;
  item: MailItem;
  typeLabel: string;
  unsubscribePageUrl: string;
  unsubscribePostUrl: string;
  messageId: string;
}): MailMessage {
  const { language } = options;
  const unsubscribe = {
    url: options.unsubscribePageUrl,
    label: translate(language, m.stopType, { type: options.typeLabel }),
  };
  return {
    to: options.to,
    subject: options.item.title,
    text: `${itemText(options.item)}\n\n--\n${unsubscribe.label} ${unsubscribe.url}\n`,
    html: layout(language, options.item.title, itemHtml(language, options.item), unsubscribe),
    messageId: options.messageId,
    headers: unsubscribeHeaders(options.unsubscribePostUrl),
  };
}

/** The daily summary: every waiting notification of the digest types, newest first. */
export function digestMail(options: {
  to: string;
  language: Language;
  items: MailItem[];
  more: number;
  allUrl: string;
  unsubscribePageUrl: string;
  unsubscribePostUrl: string;
  messageId: string;
}): MailMessage {
  const { language } = options;
  const subject = translate(language, m.digestSubject, { count: options.items.length + options.more });
  const unsubscribe = { url: options.unsubscribePageUrl, label: translate(language, m.stopDigest) };
  const more = translate(language, m.digestMore, { count: options.more });
  const moreText = options.more > 0 ? `${more}: ${options.allUrl}` : '';
  return {
    to: options.to,
    subject,
    text: `${subject}\n\n${options.items.map(itemText).join('\n\n')}\n${moreText}\n\n--\n${unsubscribe.label} ${unsubscribe.url}\n`,
    html: layout(
      language,
      subject,
      `<h1 style="margin:0 0 24px;font-size:20px">${escapeHtml(subject)}</h1>${options.items
        .map((item) => itemHtml(language, item))
        .join('')}${options.more > 0 ? `<p><a href="${escapeHtml(options.allUrl)}">${escapeHtml(more)}</a></p>` : ''}`,
      unsubscribe,
    ),
    messageId: options.messageId,
    headers: unsubscribeHeaders(options.unsubscribePostUrl),
  };
}

/** One child in a guardian's weekly summary (issue 52, ADR 070). */
export interface GuardianSummaryChild {
  name: string;
  /** Titles of the work past due and not handed in. */
  missing: string[];
  absences: number;
  /** The scores released to the child that are new this week (never an unreleased one). */
  grades: { title: string; className: string; percent: number }[];
  /** Absolute URL of the child's page. */
  url: string;
}

/** A guardian's weekly summary: per child, missing work and the week's absences; one-click unsubscribe. */
export function guardianSummaryMail(options: {
  to: string;
  language: Language;
  children: GuardianSummaryChild[];
  unsubscribePageUrl: string;
  unsubscribePostUrl: string;
  messageId: string;
}): MailMessage {
  const { language } = options;
  const subject = translate(language, m.guardianSubject);
  const unsubscribe = { url: options.unsubscribePageUrl, label: translate(language, m.guardianStop) };
  const lines = options.children.map((child) => {
    const missing = translate(language, m.guardianMissing, { count: child.missing.length });
    const absences = translate(language, m.guardianAbsences, { count: child.absences });
    const gradesLine = translate(language, m.guardianGrades, { count: child.grades.length });
    const grades = child.grades.map((grade) =>
      translate(language, m.guardianGrade, { ...grade, percent: grade.percent / 100 }),
    );
    return { child, missing, absences, gradesLine, grades };
  });
  const text = lines
    .map(({ child, missing, absences, gradesLine, grades }) =>
      [
        child.name,
        `${missing}${child.missing.length ? `: ${child.missing.join(', ')}` : ''}`,
        `${gradesLine}${grades.length ? `: ${grades.join(', ')}` : ''}`,
        absences,
        child.url,
      ].join('\n'),
    )
    .join('\n\n');
  const html = lines
    .map(
      ({
        child,
        missing,
        absences,
        gradesLine,
        grades,
      }) => `<h2 style="margin:0 0 8px;font-size:18px">${escapeHtml(child.name)}</h2>
<p style="margin:0 0 4px">${escapeHtml(missing)}</p>${
        child.missing.length
          ? `<ul style="margin:0 0 8px">${child.missing.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`
          : ''
      }
<p style="margin:0 0 4px">${escapeHtml(gradesLine)}</p>${
        grades.length
          ? `<ul style="margin:0 0 8px">${grades.map((g) => `<li>${escapeHtml(g)}</li>`).join('')}</ul>`
          : ''
      }
<p style="margin:0 0 8px">${escapeHtml(absences)}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(child.url)}" style="display:inline-block;padding:10px 16px;background:${BUTTON.bg};color:${BUTTON.fg};text-decoration:none;border-radius:4px">${escapeHtml(translate(language, m.open))}</a></p>`,
    )
    .join('');
  return {
    to: options.to,
    subject,
    text: `${subject}\n\n${text}\n\n--\n${unsubscribe.label} ${unsubscribe.url}\n`,
    html: layout(
      language,
      subject,
      `<h1 style="margin:0 0 24px;font-size:20px">${escapeHtml(subject)}</h1>${html}`,
      unsubscribe,
    ),
    messageId: options.messageId,
    headers: unsubscribeHeaders(options.unsubscribePostUrl),
  };
}
