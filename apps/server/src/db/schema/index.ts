export * from './assessments.js';
export * from './courses.js';
export * from './forum.js';
export * from './users.js';
