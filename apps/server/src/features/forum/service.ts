import type { Db } from '#db/client.js';
import type { InvalidationBus } from '#lib/invalidation.js';
import { createAnswering } from './answering.js';
import { createAsking } from './asking.js';
import { createForumContext } from './context.js';
import { createForumReading } from './reading.js';

export { draftWords, FORUM_MESSAGES } from './rules.js';
export type { ForumViewer, InQuestion, QuestionInput } from './rules.js';

/**
 * The forum's rules and reads, one module per use case over a shared context (ADR 039): reading, asking,
 * answering and voting. Every function takes already-validated input and the caller, and answers contract shapes,
 * so the /api routes and the v1 adapters share it.
 */
export function createForumService(db: Db, deps: { invalidation?: InvalidationBus } = {}) {
  const context = createForumContext(db, deps);
  return {
    ...createForumReading(context),
    ...createAsking(context),
    ...createAnswering(context),
  };
}

export type ForumService = ReturnType<typeof createForumService>;
