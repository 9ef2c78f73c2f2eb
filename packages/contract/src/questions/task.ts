import { IdSchema } from '../common.js';
import { z } from '../zod.js';
import { QUESTION_LIMITS } from './common.js';

/**
 * Task (an assignment's submission): what the student may hand in — rich text and/or files — always graded by a
 * person. At least one of text or files is allowed.
 */
export const TaskBodySchema = z
  .object({
    allowText: z.boolean().default(true),
    /** Files are uploaded one by one to the attempt (POST /api/attempts/:id/questions/:questionId/files). */
    allowFiles: z.boolean().default(false),
    maxFiles: z.number().int().min(1).max(QUESTION_LIMITS.taskMaxFiles).default(3),
  })
  .refine((body) => body.allowText || body.allowFiles, { error: 'must allow a text submission, files or both' });
/** Nothing to key: a person grades it. */
export const TaskKeySchema = z.object({});
/**
 * The submission: HTML (sanitised by the server when saved) and the ids of the files uploaded to the attempt. The
 * server keeps `files` itself (uploads add, deletions remove): the ids a client sends when saving are not used.
 */
export const TaskResponseSchema = z.object({
  html: z.string().max(200_000).default(''),
  files: z.array(IdSchema).max(QUESTION_LIMITS.taskMaxFiles).default([]),
});

export const TaskContentSchema = z.object({
  type: z.literal('task'),
  body: TaskBodySchema,
  key: TaskKeySchema,
});

export type TaskBody = z.infer<typeof TaskBodySchema>;
export type TaskKey = z.infer<typeof TaskKeySchema>;
export type TaskResponse = z.infer<typeof TaskResponseSchema>;
