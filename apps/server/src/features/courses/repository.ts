import type { Db } from '#db/client.js';
import { createCatalogueQueries } from './catalogue-queries.js';
import { createCourseQueries } from './course-queries.js';
import { createShelfQueries } from './shelf-queries.js';
import { createStudentListQueries } from './student-list-queries.js';

export {
  COUNT_CAP,
  SEARCH_CANDIDATES,
  searchQuery,
  toCard,
  toEnrolment,
  type CourseFilter,
  type CourseOrder,
  type Paging,
} from './course-rows.js';

/**
 * Course queries. Every list is one query for the page plus one bounded count: the number of queries never
 * depends on the page size, the page number or the number of courses (course-rows.ts holds the shared columns,
 * filters and orders). One module per kind of read: the catalogue's lists (catalogue-queries.ts), the home shelves (shelf-queries.ts), one course and its
 * people (course-queries.ts), a student's own lists (student-list-queries.ts).
 */
export function createCourseRepository(db: Db) {
  return {
    ...createCatalogueQueries(db),
    ...createShelfQueries(db),
    ...createCourseQueries(db),
    ...createStudentListQueries(db),
  };
}

export type CourseRepository = ReturnType<typeof createCourseRepository>;
