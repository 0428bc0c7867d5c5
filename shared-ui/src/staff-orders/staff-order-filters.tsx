/**
 * The staff orders list's search and narrowing: the search box, the list's chips, a range of
 * days, the order of the list, the view (cards or table) and the one agent or product it is
 * narrowed to, each removable. Every change goes to the URL through `onChange`. On a phone the
 * chips, days, order and view fold behind a 'Filters' button that says how many are on
 * ('Filters (2)'), so the list starts on the first screen (docs/accessibility.md).
 */
import { type ReactNode, useId, useState } from 'react';
import { ORDER_SORTS, type OrderSort } from 'shared-api/contract';
import { FilterChips } from '../filter-chips';
import type { StaffOrderQuery, StaffOrdersView } from '../lib/staff-order-query';
import { OrderSearchBox } from './order-search-box';
import '../button.css';
import './staff-order-filters.css';

export const ORDER_SORT_LABELS: Record<OrderSort, string> = {
  newest: 'newest first',
  oldest: 'oldest first',
  'commission-high': 'commission, high to low',
  'commission-low': 'commission, low to high',
};

const VIEW_OPTIONS: ReadonlyArray<{ value: StaffOrdersView; label: string }> = [
  { value: 'cards', label: 'cards' },
  { value: 'table', label: 'table' },
];

/** The filters behind the phone's 'Filters' button that narrow the list (not its order or view). */
export function activeFilterCount(query: StaffOrderQuery): number {
  return [query.status !== 'all', query.commission !== 'all', query.flags !== 'all', query.from, query.to].filter(
    Boolean,
  ).length;
}

/** 'Filters', or 'Filters (2)' while two are on. */
export function filtersButtonLabel(count: number): string {
  return count > 0 ? `Filters (${count})` : 'Filters';
}

export interface StaffOrderFiltersProps {
  query: StaffOrderQuery;
  onChange: (changes: Partial<StaffOrderQuery>) => void;
  /** the names of the agent and the product the list is narrowed to, when the list knows them */
  agentName?: string | undefined;
  productName?: string | undefined;
  /** the list's own chips, shown under the search box */
  children?: ReactNode;
}

export function StaffOrderFilters({ query, onChange, agentName, productName, children }: StaffOrderFiltersProps) {
  const fromId = useId();
  const toId = useId();
  const sortId = useId();
  const panelId = useId();
  const [open, setOpen] = useState(false);

  return (
    <div className="ui-order-filters">
      <search>
        <OrderSearchBox value={query.q} onSearch={(q) => onChange({ q })} />
      </search>
      {/* only on a phone (CSS): elsewhere the panel is always shown */}
      <button
        type="button"
        className="ui-button ui-button-small ui-order-filters-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        {filtersButtonLabel(activeFilterCount(query))}
      </button>
      <div id={panelId} className="ui-order-filters-panel" data-open={open}>
        {children}
        <div className="ui-order-filters-row">
          <div className="ui-order-filters-days">
            <div className="ui-order-filters-field">
              <label htmlFor={fromId}>from</label>
              <input
                id={fromId}
                type="date"
                value={query.from}
                max={query.to || undefined}
                onChange={(event) => onChange({ from: event.target.value })}
              />
            </div>
            <div className="ui-order-filters-field">
              <label htmlFor={toId}>to</label>
              <input
                id={toId}
                type="date"
                value={query.to}
                min={query.from || undefined}
                onChange={(event) => onChange({ to: event.target.value })}
              />
            </div>
          </div>
          <div className="ui-order-filters-field">
            <label htmlFor={sortId}>sort</label>
            <select
              id={sortId}
              value={query.sort}
              onChange={(event) => onChange({ sort: event.target.value as OrderSort })}
            >
              {ORDER_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {ORDER_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
          <FilterChips label="view" options={VIEW_OPTIONS} value={query.view} onChange={(view) => onChange({ view })} />
        </div>
      </div>

      {query.agentId || query.productId ? (
        <ul className="ui-order-filters-active" aria-label="narrowed to">
          {query.agentId ? (
            <li>
              <RemoveFilter
                label={`agent: ${agentName ?? 'the chosen agent'}`}
                onRemove={() => onChange({ agentId: '' })}
              />
            </li>
          ) : null}
          {query.productId ? (
            <li>
              <RemoveFilter
                label={`product: ${productName ?? 'the chosen product'}`}
                onRemove={() => onChange({ productId: '' })}
              />
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

function RemoveFilter({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      className="ui-order-filters-remove"
      onClick={onRemove}
      aria-label={`remove filter ${label}`}
      title="remove this filter"
    >
      {label}
      <span aria-hidden="true"> ✕</span>
    </button>
  );
}
