import { count, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { courses } from '#db/schema/index.js';
import {
  COUNT_CAP,
  courseSelects,
  newest,
  orderOf,
  SEARCH_CANDIDATES,
  toCard,
  whereOf,
  type CourseFilter,
  type CourseOrder,
  type Paging,
} from './course-rows.js';

/** The catalogue's lists: a filtered, ordered page of cards, with its capped count. */
export function createCatalogueQueries(db: Db) {
  const { selectCards } = courseSelects(db);
  return {
    /**
     * One page of course cards and the total matching the filter: two queries, whatever the page.
     * The page's ids are chosen by an OFFSET over the list's index alone (index-only, no other table), bounded by
     * the count cap, and only those ids are joined with their details. A relevance search ranks only the newest
     * SEARCH_CANDIDATES matches. The count stops at the cap (`totalIsLowerBound` above it).
     */
    async listCards(filter: CourseFilter, order: CourseOrder, paging: Paging) {
      const where = whereOf(filter);
      const search = filter.search;
      const ranked = order === 'relevance' && search;
      const cap = ranked ? SEARCH_CANDIDATES : COUNT_CAP;
      const offset = (paging.page - 1) * paging.pageSize;
      const limit = Math.max(0, Math.min(paging.pageSize, cap - offset));
      const plainOrder = order === 'relevance' ? 'newest' : order;
      let pageIds;
      let pageOrder: SQL[];
      if (ranked) {
        const candidates = db
          .select({
            id: courses.id,
            searchVector: courses.searchVector,
            publishedAt: courses.publishedAt,
            createdAt: courses.createdAt,
          })
          .from(courses)
          .where(where)
          .orderBy(...newest)
          .limit(SEARCH_CANDIDATES)
          .as('candidates');
        pageIds = db
          .select({ id: candidates.id })
          .from(candidates)
          .orderBy(
            sql`ts_rank(${candidates.searchVector}, ${search}) desc`,
            sql`${candidates.publishedAt} desc nulls last`,
            sql`${candidates.createdAt} desc nulls last`,
            sql`${candidates.id} desc nulls last`,
          )
          .limit(limit)
          .offset(Math.min(offset, cap));
        // The page's 20 rows are ranked again to order them: 20 ts_rank calls, not one per match.
        pageOrder = [sql`ts_rank(${courses.searchVector}, ${search}) desc`, ...newest];
      } else {
        pageIds = db
          .select({ id: courses.id })
          .from(courses)
          .where(where)
          .orderBy(...orderOf(plainOrder))
          .limit(limit)
          .offset(Math.min(offset, cap));
        pageOrder = orderOf(plainOrder);
      }
      const matches = db
        .select({ one: sql`1`.as('one') })
        .from(courses)
        .where(where)
        .limit(cap + 1)
        .as('matches');
      const [rows, [counted]] = await Promise.all([
        selectCards()
          .where(inArray(courses.id, pageIds))
          .orderBy(...pageOrder),
        db.select({ n: count() }).from(matches),
      ]);
      const n = counted?.n ?? 0;
      return { items: rows.map(toCard), total: Math.min(n, cap), totalIsLowerBound: n > cap };
    },
  };
}
