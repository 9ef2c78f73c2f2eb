/**
 * `@lyceum/contract/constants`: everything of the contract that is not a schema — limits, roles, categories,
 * the message catalogue, product constants and pure helpers. No zod here (ESLint keeps it so): the web app
 * imports its run-time values from this entry and only types from the full one
 * (docs/decisions/013-browser-contract-and-js-budget.md).
 */
export * from './account.js';
export * from './admin.js';
export * from './categories.js';
export * from './courses.js';
export * from './dates.js';
export * from './forum.js';
export * from './limits.js';
export * from './messages.js';
export * from './product.js';
export * from './questions.js';
export * from './reviews.js';
export * from './rich-text.js';
export * from './roles.js';
export * from './sessions.js';
export * from './urls.js';
export * from './video.js';
export * from './curriculum.js';
export * from './classes.js';
export * from './assessments.js';
export * from './certificates.js';
export * from './notifications.js';
export * from './grading.js';
export * from './languages.js';
export * from './qti.js';
export * from './rosters.js';
