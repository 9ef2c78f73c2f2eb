import { ATTACHMENT_TYPES, CURRICULUM_LIMITS, CURRICULUM_MESSAGES } from '@lyceum/contract';
import { sniffFile, type FilePolicy, type SniffedFile } from '#lib/stored-files.js';

type AttachmentType = keyof typeof ATTACHMENT_TYPES;

/** A lesson attachment whose bytes were identified as an allowed type. */
export type SniffedAttachment = SniffedFile<AttachmentType>;

/**
 * Lesson attachments: PDF, JPEG, PNG, WebP, GIF, Office Open XML, OpenDocument or legacy OLE office files, at most
 * 20 MB. Anything else — HTML, SVG, scripts, text, archives, whatever it calls itself — is a 415 (lib/stored-files).
 */
const ATTACHMENT_POLICY: FilePolicy<AttachmentType> = {
  types: ATTACHMENT_TYPES,
  maxBytes: CURRICULUM_LIMITS.attachmentBytes,
  messages: { tooLarge: CURRICULUM_MESSAGES.attachmentTooLarge, type: CURRICULUM_MESSAGES.attachmentType },
};

export function sniffAttachment(data: Buffer, filename: string): Promise<SniffedAttachment> {
  return sniffFile(data, filename, ATTACHMENT_POLICY);
}
