export * from './assessments.js';
export * from './courses.js';
export * from './curriculum.js';
export * from './forum.js';
export * from './users.js';
export * from './notifications.js';
