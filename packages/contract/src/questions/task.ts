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
    /**
     * File hand-ins wait for a store of submission files (an upload route with size/type checks and access rules):
     * until then a task takes text only, so no answer can name files nobody checked.
     */
    allowFiles: z.literal(false).default(false),
    maxFiles: z.number().int().min(1).max(QUESTION_LIMITS.taskMaxFiles).default(3),
  })
  .refine((body) => body.allowText, { error: 'must allow a text submission' });
/** Nothing to key: a person grades it. */
export const TaskKeySchema = z.object({});
/** The submission: HTML (sanitised by the server when saved) and the ids of the files uploaded to the attempt. */
export const TaskResponseSchema = z.object({
  html: z.string().max(200_000).default(''),
  files: z.array(IdSchema).max(0, { error: 'files cannot be handed in yet' }).default([]),
});

export const TaskContentSchema = z.object({
  type: z.literal('task'),
  body: TaskBodySchema,
  key: TaskKeySchema,
});

export type TaskBody = z.infer<typeof TaskBodySchema>;
export type TaskKey = z.infer<typeof TaskKeySchema>;
export type TaskResponse = z.infer<typeof TaskResponseSchema>;
