import { ACCOUNT_MESSAGES, LIMITS } from '@lyceum/contract/constants';

/** What the server stores (it sniffs the bytes too; SVG never). Also the picker's `accept`. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/** Why a picked or dropped file cannot be a profile picture, or null when it may be sent. */
export function imageFileProblem(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) || file.size === 0) {
    return ACCOUNT_MESSAGES.onlyImages;
  }
  if (file.size > LIMITS.imageBytes) return ACCOUNT_MESSAGES.imageTooLarge;
  return null;
}

/** "1.2 MB", "640 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
