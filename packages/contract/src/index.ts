/**
 * `@lyceum/contract`: the schemas of every request and response (zod), and — re-exported from
 * `@lyceum/contract/constants` — the limits, roles, categories, messages and helpers. The server imports this
 * entry; the web app imports only types from it (docs/decisions/013-browser-contract-and-js-budget.md).
 */
export * from './constants/index.js';
export * from './admin.js';
export * from './auth.js';
export * from './common.js';
export * from './courses.js';
export * from './dashboard.js';
export * from './forum.js';
export * from './health.js';
export * from './questions/index.js';
export * from './question-imports.js';
export * from './reviews.js';
export * from './users.js';
export * from './curriculum.js';
export * from './classes.js';
export * from './assessments.js';
export * from './grading.js';
export * from './attempt-inspection.js';
export * from './certificates.js';
export * from './notifications.js';
export * from './todo.js';
export * from './teacher-home.js';
export * from './guardians.js';
export * from './attendance.js';
export * from './rosters.js';
export * from './scorm.js';
export * from './sso.js';
