import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import classes from './list-pagination.module.css';

export interface ListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Question pages". */
  label: string;
}

type PageItem = number | 'dots';

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/**
 * The page numbers to show for `pages` pages at `page`: all of them up to seven, otherwise the first and the last,
 * the current one with a neighbour on each side, and dots for the gaps — always seven items, so the row does not
 * change width while paging (the rule of Mantine's Pagination with one sibling and one boundary).
 */
export function pageItems(page: number, pages: number): PageItem[] {
  if (pages <= 7) return range(1, pages);
  const left = Math.max(page - 1, 1);
  const right = Math.min(page + 1, pages - 1);
  if (left <= 3) return [...range(1, 5), 'dots', pages];
  if (right >= pages - 2) return [1, 'dots', ...range(pages - 4, pages)];
  return [1, 'dots', ...range(left, right), 'dots', pages];
}

/**
 * Page links under a paginated list; nothing when everything fits on one page. Plain buttons styled like Mantine's
 * Pagination: every public list shows them, and they need none of its code (ADR 013).
 */
export function ListPagination({ page, pageSize, total, onChange, label }: ListPaginationProps) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const current = Math.min(Math.max(page, 1), pages);
  return (
    <nav aria-label={label}>
      <ul className={classes.pages}>
        <li>
          <button
            type="button"
            className={classes.control}
            aria-label="Previous page"
            disabled={current === 1}
            onClick={() => onChange(current - 1)}
          >
            <IconChevronLeft size={18} aria-hidden />
          </button>
        </li>
        {pageItems(current, pages).map((item, index) =>
          item === 'dots' ? (
            <li key={`dots-${index}`} className={classes.dots} aria-hidden>
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={classes.control}
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={classes.control}
            aria-label="Next page"
            disabled={current === pages}
            onClick={() => onChange(current + 1)}
          >
            <IconChevronRight size={18} aria-hidden />
          </button>
        </li>
      </ul>
    </nav>
  );
}
