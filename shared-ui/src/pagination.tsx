/**
 * Where a paged list is: 'Showing 51–100 of 230', Previous and Next. Nothing when one page holds
 * all. The API serves only a list's first MAX_LIST_ROWS rows, so Next stops there and a note asks
 * for a filter.
 */
import { ltr } from 'shared-api';
import { MAX_LIST_ROWS } from 'shared-api/contract';
import { formatCount } from './lib/format';
import { useT } from './lib/i18n';
import './button.css';
import './pagination.css';

export interface PaginationProps {
  /** 1-based */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** A figure of the summary, in the current locale and kept left to right in Urdu. */
const figure = (value: number): string => ltr(formatCount(value));

export function Pagination({ page, pageSize, total, onPageChange }: PaginationProps) {
  const t = useT();
  if (pageSize <= 0 || total <= pageSize) return null;
  const reachablePages = Math.max(1, Math.floor(MAX_LIST_ROWS / pageSize));
  const pages = Math.min(Math.ceil(total / pageSize), reachablePages);
  const capped = total > pages * pageSize;
  const current = Math.min(Math.max(page, 1), pages);
  const first = (current - 1) * pageSize + 1;
  const last = Math.min(current * pageSize, total);

  return (
    <nav className="ui-pagination" aria-label={t('ui.pagination.label')}>
      <p className="ui-pagination-summary" aria-live="polite">
        {t('ui.pagination.showing', { first: figure(first), last: figure(last), total: figure(total) })}
      </p>
      {capped ? (
        <p className="ui-pagination-summary">{t('ui.pagination.capped', { count: figure(pages * pageSize) })}</p>
      ) : null}
      <div className="ui-pagination-buttons">
        <button
          type="button"
          className="ui-button ui-button-small"
          onClick={() => onPageChange(current - 1)}
          disabled={current <= 1}
        >
          {t('ui.pagination.previous')}
        </button>
        <span className="ui-pagination-page">
          {t('ui.pagination.page', { current: figure(current), pages: figure(pages) })}
        </span>
        <button
          type="button"
          className="ui-button ui-button-small"
          onClick={() => onPageChange(current + 1)}
          disabled={current >= pages}
        >
          {t('ui.pagination.next')}
        </button>
      </div>
    </nav>
  );
}
