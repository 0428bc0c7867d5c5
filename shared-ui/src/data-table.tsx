/**
 * A table of rows with its loading, error and empty states and an optional paged footer.
 * It scrolls sideways on a narrow screen instead of squeezing the columns; a table with
 * `rowDetails` instead hides its `wide` columns in a box narrower than 40rem and shows them
 * under a row on pressing that row's details button (docs/accessibility.md, Tables).
 */
import { Fragment, type ReactNode, useId, useState } from 'react';
import { useT } from './lib/i18n';
import { Pagination } from './pagination';
import './button.css';
import './data-table.css';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  /** how the rows are sorted by this column, for a sortable one (its header is then a control that sorts) */
  sort?: 'ascending' | 'descending' | 'none';
  /** `index` is the row's place in the whole list (already offset by the page) */
  render: (row: T, index: number) => ReactNode;
  /** the column's name where `header` is a control (a sorting button): a row's details use it */
  label?: string;
  /** 'wide': shown only when the table has room; in a narrow box a row's details show it */
  priority?: 'wide';
  /** for the column's width (its header and cells) */
  className?: string;
}

export interface DataTableProps<T> {
  /** names the table for assistive technology (shown only when `showCaption`) */
  caption: string;
  showCaption?: boolean;
  columns: ReadonlyArray<DataTableColumn<T>>;
  rows: ReadonlyArray<T>;
  getRowKey: (row: T) => string;
  loading?: boolean;
  error?: string | null;
  /** what an empty list says (and offers, e.g. an add button) */
  empty: ReactNode;
  /** 1-based; with pageSize, total and onPageChange a paged footer is shown */
  page?: number;
  pageSize?: number;
  total?: number;
  onPageChange?: (page: number) => void;
  /** with it, a narrow table hides its `wide` columns behind a button a row (its accessible name) */
  rowDetails?: (row: T) => string;
}

export function DataTable<T>({
  caption,
  showCaption = false,
  columns,
  rows,
  getRowKey,
  loading = false,
  error = null,
  empty,
  page = 1,
  pageSize,
  total,
  onPageChange,
  rowDetails,
}: DataTableProps<T>) {
  const t = useT();
  const captionId = useId();
  const detailsId = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const offset = pageSize ? (Math.max(page, 1) - 1) * pageSize : 0;
  const detailColumns = columns.filter((column) => column.priority === 'wide');
  const span = Math.max(columns.length + (rowDetails ? 1 : 0), 1);

  function toggle(key: string) {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  const cellClass = (column: DataTableColumn<T>): string | undefined =>
    [column.className, column.priority === 'wide' ? 'ui-table-wide' : undefined].filter(Boolean).join(' ') || undefined;

  let body: ReactNode;
  if (loading) {
    body = (
      <tr className="ui-table-state-row">
        <td colSpan={span}>
          <span role="status">{t('ui.table.loading')}</span>
        </td>
      </tr>
    );
  } else if (error) {
    body = (
      <tr className="ui-table-state-row">
        <td colSpan={span}>
          <p className="ui-table-error" role="alert">
            {error}
          </p>
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr className="ui-table-state-row">
        <td colSpan={span}>
          <div className="ui-table-empty">{empty}</div>
        </td>
      </tr>
    );
  } else {
    body = rows.map((row, index) => {
      const key = getRowKey(row);
      const open = expanded.has(key);
      const id = `${detailsId}-${index}`;
      return (
        <Fragment key={key}>
          <tr>
            {rowDetails ? (
              <td className="ui-table-toggle">
                <button
                  type="button"
                  className="ui-table-toggle-button"
                  aria-expanded={open}
                  aria-controls={open ? id : undefined}
                  aria-label={rowDetails(row)}
                  onClick={() => toggle(key)}
                >
                  <span aria-hidden="true">{open ? '−' : '+'}</span>
                </button>
              </td>
            ) : null}
            {columns.map((column) => (
              <td key={column.key} className={cellClass(column)}>
                {column.render(row, offset + index)}
              </td>
            ))}
          </tr>
          {rowDetails && open ? (
            <tr className="ui-table-details-row" id={id}>
              <td colSpan={span}>
                <dl className="ui-table-details">
                  {detailColumns.map((column) => (
                    <div key={column.key}>
                      <dt>{column.label ?? column.header}</dt>
                      <dd>{column.render(row, offset + index)}</dd>
                    </div>
                  ))}
                </dl>
              </td>
            </tr>
          ) : null}
        </Fragment>
      );
    });
  }

  const paged = pageSize !== undefined && total !== undefined && onPageChange !== undefined;

  return (
    <div className={rowDetails ? 'ui-table-wrap ui-table-narrowable' : 'ui-table-wrap'}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard must be able to scroll a table wider than the screen */}
      <section className="ui-table-scroll" aria-labelledby={captionId} tabIndex={0}>
        <table className="ui-table" aria-busy={loading || undefined}>
          <caption id={captionId} className={showCaption ? 'ui-table-caption' : 'ui-visually-hidden'}>
            {caption}
          </caption>
          <thead>
            <tr>
              {rowDetails ? (
                <th scope="col" className="ui-table-toggle">
                  <span className="ui-visually-hidden">{t('ui.table.details')}</span>
                </th>
              ) : null}
              {columns.map((column) => (
                <th key={column.key} scope="col" aria-sort={column.sort} className={cellClass(column)}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </section>
      {paged && !error ? (
        <Pagination page={page} pageSize={pageSize} total={total} onPageChange={onPageChange} />
      ) : null}
    </div>
  );
}
