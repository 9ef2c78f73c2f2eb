/*
 * Every query of the forum, by what it reads or writes: the shared columns and mappers (columns.ts), the
 * questions, the answers and votes, and the hot and similar lookups. Counts and scores are correlated sub-queries
 * evaluated for the rows of one page only, so a list is one page query plus one count query, whatever the page size.
 */

export * from './question-queries.js';
export * from './answer-queries.js';
export * from './discovery-queries.js';
