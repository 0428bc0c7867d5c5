/** Where a paged list is: 'Showing 51–100 of 230', Previous and Next. Nothing when one page holds all. */
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
  const pages = Math.ceil(total / pageSize);
  const current = Math.min(Math.max(page, 1), pages);
  const first = (current - 1) * pageSize + 1;
  const last = Math.min(current * pageSize, total);

  return (
    <nav className="ui-pagination" aria-label="pagination">
      <p className="ui-pagination-summary" aria-live="polite">
        Showing {count.format(first)}–{count.format(last)} of {count.format(total)}
      </p>
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
