/**
 * A table of rows with its loading, error and empty states and an optional paged footer.
 * It scrolls sideways on a narrow screen instead of squeezing the columns.
 */
import { type ReactNode, useId } from 'react';
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
}: DataTableProps<T>) {
  const captionId = useId();
  const offset = pageSize ? (Math.max(page, 1) - 1) * pageSize : 0;
  const span = Math.max(columns.length, 1);

  let body: ReactNode;
  if (loading) {
    body = (
      <tr className="ui-table-state-row">
        <td colSpan={span}>
          <span role="status">Loading...</span>
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
    body = rows.map((row, index) => (
      <tr key={getRowKey(row)}>
        {columns.map((column) => (
          <td key={column.key}>{column.render(row, offset + index)}</td>
        ))}
      </tr>
    ));
  }

  const paged = pageSize !== undefined && total !== undefined && onPageChange !== undefined;

  return (
    <div className="ui-table-wrap">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard must be able to scroll a table wider than the screen */}
      <section className="ui-table-scroll" aria-labelledby={captionId} tabIndex={0}>
        <table className="ui-table" aria-busy={loading || undefined}>
          <caption id={captionId} className={showCaption ? 'ui-table-caption' : 'ui-visually-hidden'}>
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" aria-sort={column.sort}>
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
