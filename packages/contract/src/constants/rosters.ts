/** Roster imports (issue 48.4, docs/decisions/065-rosters.md): the bounds of an upload and of its preview. */
export const ROSTER_LIMITS = {
  /** One CSV (the plain CSV, or one file inside the zip), in bytes. */
  csvBytes: 20 * 1024 * 1024,
  /** The uploaded zip, in bytes. */
  zipBytes: 50 * 1024 * 1024,
  /** Entries in the zip. */
  zipEntries: 32,
  /** The zip's files unpacked, together, in bytes. */
  unpackedBytes: 200 * 1024 * 1024,
  /** Refused rows kept in a report (the counts go on past it). */
  refusedListed: 1_000,
  /** Classes listed in a preview (each can be linked to a course); the others are imported without one. */
  classesListed: 1_000,
  /** A teacher's courses offered for a class of theirs in the preview. */
  coursesPerTeacher: 50,
} as const;
