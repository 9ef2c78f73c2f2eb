// ---------------------------------------------------------------------------------------------
// Curriculum: sections, items (lessons now, assessments later), attachments, progress (issue 14).
// ---------------------------------------------------------------------------------------------

/** The kinds of a section's items, in one ordered list. */
export const COURSE_ITEM_KINDS = ['lesson', 'assessment'] as const;
export type CourseItemKind = (typeof COURSE_ITEM_KINDS)[number];

export const CURRICULUM_LIMITS = {
  sectionTitle: 200,
  sectionSummary: 1_000,
  itemTitle: 200,
  /** Characters of a lesson body after sanitising. */
  lessonBody: 200_000,
  /** Estimated minutes of one item. */
  durationMinutes: 10_000,
  sectionsPerCourse: 200,
  itemsPerSection: 200,
  attachmentsPerLesson: 20,
  /** One attachment, in bytes. */
  attachmentBytes: 20 * 1024 * 1024,
  attachmentFilename: 200,
} as const;

/** What a lesson attachment may be, by its sniffed bytes (never its name or declared type). */
export const ATTACHMENT_TYPES = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  /** Legacy .doc, .xls and .ppt (OLE compound files). */
  'application/x-cfb': 'doc',
} as const satisfies Record<string, string>;

export const CURRICULUM_MESSAGES = {
  conflict:
    'Someone else saved this in the meantime (another tab or person). Reload to see their version, then make your change again.',
  attachmentTooLarge: 'Attachment must be 20 MB or smaller',
  attachmentType:
    'Attachments must be PDF, image (JPEG, PNG, WebP, GIF) or office files (Word, Excel, PowerPoint, OpenDocument)',
  notEnrolled: 'Enrol in this course to open this lesson',
  hasCurriculum: 'This course has lessons: it is completed when its required lessons are',
} as const;

/** Why an outline item is locked for the caller: not enrolled, or (sequential mode) an earlier item is not done. */
export const LOCK_REASONS = ['enrol', 'sequence'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

/** Sequential mode (ADR 029): the 403 of a lesson whose earlier required item `title` is not complete yet. */
export function sequenceLockedMessage(title: string): string {
  return `This course opens its lessons in order: complete “${title}” first`;
}
