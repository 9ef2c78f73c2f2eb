/** QTI question import and export (issue 50.4, docs/decisions/064-qti.md). */

/** Bounds of a QTI upload: checked before anything is unpacked or written (a clear 4xx otherwise). */
export const QTI_LIMITS = {
  /** The uploaded file (an item's XML or a package's zip), in bytes. */
  uploadBytes: 20 * 1024 * 1024,
  /** Entries of a package's zip. */
  zipEntries: 2_000,
  /** The sum of a package's declared unpacked sizes, in bytes (zip bombs are refused before inflating). */
  unpackedBytes: 100 * 1024 * 1024,
  /** One XML file (the manifest or an item), unpacked, in bytes. */
  xmlBytes: 2 * 1024 * 1024,
  /** Items one upload may hold, and questions one export may hold (the bank oldest first). */
  items: 2_000,
} as const;
