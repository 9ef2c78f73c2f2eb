/**
 * The contract's request-body schemas the forms validate with: the one module of the web app that imports the
 * zod entry of the contract at run time. Nothing imports it statically (ESLint refuses that): `lazySchema` in
 * form-errors.ts loads it with `import()` when a form is first focused or submitted, so zod is not part of any
 * page's first download (docs/decisions/013-browser-contract-and-js-budget.md).
 */
export {
  ChangePasswordBodySchema,
  CreateAnswerBodySchema,
  CreateCourseBodySchema,
  CreateQuestionBodySchema,
  CreateReviewBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  UpdateAnswerBodySchema,
  UpdateProfileBodySchema,
  UpdateQuestionBodySchema,
} from '@lyceum/contract';
