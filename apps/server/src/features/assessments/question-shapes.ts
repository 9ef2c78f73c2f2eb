import type { QuestionContent } from '@lyceum/contract';
import type { questions } from '#db/schema/index.js';

type QuestionRow = typeof questions.$inferSelect;

/** What an answer is checked against: a bank question's type, body, key and points at one version (ADR 025). */
export interface QuestionShape {
  id: string;
  version: number;
  title: string;
  type: QuestionRow['type'];
  body: QuestionContent['body'];
  key: QuestionContent['key'];
  points: number;
}

export interface QuestionShapeCache {
  get(id: string): QuestionShape | undefined;
  /** Keeps the shape (replacing an older version of it) and answers it. */
  set(shape: QuestionShape): QuestionShape;
  /** Bytes held (an estimate: UTF-16 text of the JSON plus a fixed overhead per entry). */
  readonly bytes: number;
  readonly size: number;
}

const ENTRY_OVERHEAD_BYTES = 256;

export function shapeOf(row: Pick<QuestionRow, keyof QuestionShape>): QuestionShape {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    type: row.type,
    body: row.body,
    key: row.key,
    points: row.points,
  };
}

/**
 * The shapes of the questions answers are saved to, shared by every attempt of this process: an exam's 1,000
 * students save to the same few questions, so a save checks its answer without reading the question. An entry is
 * only a hint: the save's statement re-checks the version it was validated against, and a changed question is read
 * again (ADR 025, "the exam bench, round 2"). Least recently used first out, bounded by bytes.
 */
export function createQuestionShapeCache(maxBytes: number): QuestionShapeCache {
  const entries = new Map<string, { shape: QuestionShape; bytes: number }>();
  let bytes = 0;
  const drop = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    bytes -= entry.bytes;
  };
  return {
    get(id) {
      const entry = entries.get(id);
      if (!entry) return undefined;
      // Map order is insertion order: moving the entry to the end keeps the least recently used first.
      entries.delete(id);
      entries.set(id, entry);
      return entry.shape;
    },
    set(shape) {
      drop(shape.id);
      const size =
        ENTRY_OVERHEAD_BYTES +
        2 * (shape.title.length + JSON.stringify(shape.body).length + JSON.stringify(shape.key).length);
      // A shape larger than the whole budget is used for this save and not kept.
      if (size > maxBytes) return shape;
      entries.set(shape.id, { shape, bytes: size });
      bytes += size;
      for (const id of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(id);
      }
      return shape;
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}
