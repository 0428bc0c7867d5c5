/**
 * Where a paged list is: 'Showing 51–100 of 230', Previous and Next. Nothing when one page holds
 * all. The API serves only a list's first MAX_LIST_ROWS rows, so Next stops there and a note asks
 * for a filter.
 */
import { MAX_LIST_ROWS } from 'shared-api/contract';
import './button.css';
import './pagination.css';

export interface PaginationProps {
  /** 1-based */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

const count = new Intl.NumberFormat('en-US');

export function Pagination({ page, pageSize, total, onPageChange }: PaginationProps) {
  if (pageSize <= 0 || total <= pageSize) return null;
  const reachablePages = Math.max(1, Math.floor(MAX_LIST_ROWS / pageSize));
  const pages = Math.min(Math.ceil(total / pageSize), reachablePages);
  const capped = total > pages * pageSize;
  const current = Math.min(Math.max(page, 1), pages);
  const first = (current - 1) * pageSize + 1;
  const last = Math.min(current * pageSize, total);

  return (
    <nav className="ui-pagination" aria-label="pagination">
      <p className="ui-pagination-summary" aria-live="polite">
        Showing {count.format(first)}–{count.format(last)} of {count.format(total)}
      </p>
      {capped ? (
        <p className="ui-pagination-summary">
          Only the first {count.format(pages * pageSize)} can be paged through: narrow the list with a filter to see the
          rest.
        </p>
      ) : null}
      <div className="ui-pagination-buttons">
        <button
          type="button"
          className="ui-button ui-button-small"
          onClick={() => onPageChange(current - 1)}
          disabled={current <= 1}
        >
          Previous
        </button>
        <span className="ui-pagination-page">
          Page {current} of {pages}
        </span>
        <button
          type="button"
          className="ui-button ui-button-small"
          onClick={() => onPageChange(current + 1)}
          disabled={current >= pages}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
