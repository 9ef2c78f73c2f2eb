import { FORUM_SEARCH_MAX, QUESTION_SORTS, normalizeTag, normalizeTags } from './constants/forum.js';
import { LIMITS } from './constants/limits.js';
import { ROLES } from './constants/roles.js';
import { DateTimeSchema, IdSchema, PageQuerySchema, pageOf, requiredText, textInput } from './common.js';
import { PublicUserSchema } from './users.js';
import { z } from './zod.js';

// Tags: docs/decisions/007-forum.md (normalizeTags and the limits live in constants/forum.ts).

/** A comma string or a string array, normalised; 0–10 tags of at most 50 characters each. */
export const QuestionTagsSchema = z
  .union([textInput(), z.array(textInput())], {
    error: (issue) => (issue.input == null ? 'is required' : 'must be a list of tags or a comma-separated text'),
  })
  .transform((input) => normalizeTags(input))
  .pipe(
    z
      .array(z.string().max(LIMITS.tagLength, { error: `must be at most ${LIMITS.tagLength} characters` }))
      .max(LIMITS.tagsPerQuestion, { error: `must have at most ${LIMITS.tagsPerQuestion} tags` }),
  );

/** The /api asks for at least one tag (1–10 after normalising). */
const RequiredQuestionTagsSchema = QuestionTagsSchema.refine((tags) => tags.length > 0, { error: 'is required' });

// ---------------------------------------------------------------------------------------------
// Request schemas
// ---------------------------------------------------------------------------------------------

/** POST /api/forum/questions. Question and description are plain text (rendered as text, line breaks kept). */
export const CreateQuestionBodySchema = z.object({
  question: requiredText(LIMITS.question),
  description: requiredText(LIMITS.description),
  tags: RequiredQuestionTagsSchema,
});
export type CreateQuestionBody = z.input<typeof CreateQuestionBodySchema>;
export type CreateQuestionInput = z.output<typeof CreateQuestionBodySchema>;

/** PATCH /api/forum/questions/:id — any non-empty subset; a `tags` value replaces the stored tags. */
export const UpdateQuestionBodySchema = z
  .object({
    question: CreateQuestionBodySchema.shape.question.optional(),
    description: CreateQuestionBodySchema.shape.description.optional(),
    tags: RequiredQuestionTagsSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'must change at least one of question, description, tags',
  });
export type UpdateQuestionBody = z.input<typeof UpdateQuestionBodySchema>;
export type UpdateQuestionInput = z.output<typeof UpdateQuestionBodySchema>;

/** POST /api/forum/questions/:id/answers. Plain text. */
export const CreateAnswerBodySchema = z.object({
  answer: requiredText(LIMITS.answer),
});
export type CreateAnswerBody = z.infer<typeof CreateAnswerBodySchema>;

/** PATCH /api/forum/answers/:id. */
export const UpdateAnswerBodySchema = CreateAnswerBodySchema;
export type UpdateAnswerBody = z.infer<typeof UpdateAnswerBodySchema>;

/** GET /api/forum/questions. `q` is full-text (web-search syntax: words, "phrases", -exclusions, or). */
export const ListQuestionsQuerySchema = PageQuerySchema.extend({
  q: textInput()
    .trim()
    .max(FORUM_SEARCH_MAX, { error: `must be at most ${FORUM_SEARCH_MAX} characters` })
    .optional(),
  tag: textInput()
    .transform(normalizeTag)
    .pipe(z.string().max(LIMITS.tagLength, { error: `must be at most ${LIMITS.tagLength} characters` }))
    .optional(),
  sort: z.enum(QUESTION_SORTS, { error: 'must be newest, votes or unanswered' }).default('newest'),
});
export type ListQuestionsQuery = z.input<typeof ListQuestionsQuerySchema>;
export type ListQuestionsInput = z.output<typeof ListQuestionsQuerySchema>;

/** GET /api/forum/similar?q= — the draft question text. Fewer than 3 words gives an empty list. */
export const SimilarQuestionsQuerySchema = z.object({
  q: textInput()
    .trim()
    .max(FORUM_SEARCH_MAX, { error: `must be at most ${FORUM_SEARCH_MAX} characters` })
    .default(''),
});
export type SimilarQuestionsQuery = z.input<typeof SimilarQuestionsQuerySchema>;

/** PUT /api/forum/questions/:id/vote and /api/forum/answers/:id/vote: 1 up, -1 down, 0 withdraws. */
export const VoteBodySchema = z.object({
  value: z.union([z.literal(1), z.literal(-1), z.literal(0)], {
    error: (issue) => (issue.input == null ? 'is required' : 'must be 1, -1 or 0'),
  }),
});
export type VoteBody = z.infer<typeof VoteBodySchema>;
export type VoteValue = VoteBody['value'];

/** POST /api/forum/questions/:id/accept — an answer of this question, or null to clear. */
export const AcceptAnswerBodySchema = z.object({
  answerId: IdSchema.nullable(),
});
export type AcceptAnswerBody = z.infer<typeof AcceptAnswerBodySchema>;

// ---------------------------------------------------------------------------------------------
// Response schemas
// ---------------------------------------------------------------------------------------------

/** The role recorded when the post was written (spec §6). */
const AuthorRoleSchema = z.enum(ROLES);
/** The caller's vote: 1, -1, or 0 when none (always 0 for anonymous callers). */
const MyVoteSchema = z.union([z.literal(1), z.literal(-1), z.literal(0)]);

/** A forum question with real counts. */
export const QuestionSchema = z.object({
  id: IdSchema,
  question: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  author: PublicUserSchema,
  authorRole: AuthorRoleSchema,
  /** Sum of all votes (+1 / -1). */
  voteScore: z.number().int(),
  myVote: MyVoteSchema,
  answerCount: z.number().int(),
  acceptedAnswerId: IdSchema.nullable(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type Question = z.infer<typeof QuestionSchema>;

/** An answer; `authorRole` 'teacher' carries the teacher badge. */
export const AnswerSchema = z.object({
  id: IdSchema,
  questionId: IdSchema,
  answer: z.string(),
  author: PublicUserSchema,
  authorRole: AuthorRoleSchema,
  voteScore: z.number().int(),
  myVote: MyVoteSchema,
  accepted: z.boolean(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type Answer = z.infer<typeof AnswerSchema>;

/** GET /api/forum/questions/:id — answers: the accepted one first, then oldest first. */
export const QuestionDetailSchema = QuestionSchema.extend({
  answers: z.array(AnswerSchema),
});
export type QuestionDetail = z.infer<typeof QuestionDetailSchema>;

export const QuestionPageSchema = pageOf(QuestionSchema);
export type QuestionPage = z.infer<typeof QuestionPageSchema>;

/** An entry of the Hot today sidebar. */
export const HotQuestionSchema = z.object({
  id: IdSchema,
  question: z.string(),
  tags: z.array(z.string()),
  /** Answers posted plus votes cast (on the question and its answers) in the last 24 hours. */
  activity: z.number().int(),
  answerCount: z.number().int(),
  voteScore: z.number().int(),
  createdAt: DateTimeSchema,
});
export type HotQuestion = z.infer<typeof HotQuestionSchema>;

/** GET /api/forum/hot. */
export const HotQuestionsSchema = z.object({ items: z.array(HotQuestionSchema) });
export type HotQuestions = z.infer<typeof HotQuestionsSchema>;

/** A suggestion while asking: an existing question that looks like the draft. */
export const SimilarQuestionSchema = z.object({
  id: IdSchema,
  question: z.string(),
  tags: z.array(z.string()),
  answerCount: z.number().int(),
  hasAcceptedAnswer: z.boolean(),
  createdAt: DateTimeSchema,
});
export type SimilarQuestion = z.infer<typeof SimilarQuestionSchema>;

/** GET /api/forum/similar. */
export const SimilarQuestionsSchema = z.object({ items: z.array(SimilarQuestionSchema) });
export type SimilarQuestions = z.infer<typeof SimilarQuestionsSchema>;

/** PUT …/vote: the target's new score and the caller's vote. */
export const VoteResultSchema = z.object({
  voteScore: z.number().int(),
  myVote: MyVoteSchema,
});
export type VoteResult = z.infer<typeof VoteResultSchema>;

/** The question an answer belongs to, as the Answers tab of the Questions & Answer area shows it. */
export const AnsweredQuestionSchema = z.object({
  id: IdSchema,
  question: z.string(),
  tags: z.array(z.string()),
  updatedAt: DateTimeSchema,
});
export type AnsweredQuestion = z.infer<typeof AnsweredQuestionSchema>;

/** One of the caller's answers with its question and the asker. */
export const MyAnswerSchema = AnswerSchema.extend({
  question: AnsweredQuestionSchema,
  asker: PublicUserSchema,
});
export type MyAnswer = z.infer<typeof MyAnswerSchema>;

/** GET /api/me/forum/questions — the caller's questions, newest first. */
export const MyQuestionPageSchema = pageOf(QuestionSchema);
export type MyQuestionPage = z.infer<typeof MyQuestionPageSchema>;
/** GET /api/me/forum/answers — the caller's answers, newest first. */
export const MyAnswerPageSchema = pageOf(MyAnswerSchema);
export type MyAnswerPage = z.infer<typeof MyAnswerPageSchema>;
