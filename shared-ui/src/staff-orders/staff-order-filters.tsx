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
import { t as translate, useT } from '../lib/i18n';
import type { StaffOrderQuery, StaffOrdersView } from '../lib/staff-order-query';
import { OrderSearchBox } from './order-search-box';
import '../button.css';
import './staff-order-filters.css';

const SORT_TEXT: Record<OrderSort, () => string> = {
  newest: () => translate('ui.orderSort.newest'),
  oldest: () => translate('ui.orderSort.oldest'),
  'commission-high': () => translate('ui.orderSort.commissionHigh'),
  'commission-low': () => translate('ui.orderSort.commissionLow'),
};

/** The sorts as the select names them ('newest first'), in the current language. */
export function orderSortLabel(sort: OrderSort): string {
  return SORT_TEXT[sort]();
}

// labels are getters: read in the current language each time the chips are shown
const VIEW_OPTIONS: ReadonlyArray<{ value: StaffOrdersView; readonly label: string }> = [
  {
    value: 'cards',
    get label() {
      return translate('ui.orderFilters.cards');
    },
  },
  {
    value: 'table',
    get label() {
      return translate('ui.orderFilters.table');
    },
  },
];

/** The filters behind the phone's 'Filters' button that narrow the list (not its order or view). */
export function activeFilterCount(query: StaffOrderQuery): number {
  return [query.status !== 'all', query.commission !== 'all', query.flags !== 'all', query.from, query.to].filter(
    Boolean,
  ).length;
}

/** 'Filters', or 'Filters (2)' while two are on (in the current language). */
export function filtersButtonLabel(count: number): string {
  return translate('ui.orderFilters.filters', { count });
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
  const t = useT();
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
              <label htmlFor={fromId}>{t('ui.orderFilters.from')}</label>
              <input
                id={fromId}
                type="date"
                value={query.from}
                max={query.to || undefined}
                onChange={(event) => onChange({ from: event.target.value })}
              />
            </div>
            <div className="ui-order-filters-field">
              <label htmlFor={toId}>{t('ui.orderFilters.to')}</label>
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
            <label htmlFor={sortId}>{t('ui.orderFilters.sort')}</label>
            <select
              id={sortId}
              value={query.sort}
              onChange={(event) => onChange({ sort: event.target.value as OrderSort })}
            >
              {ORDER_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {orderSortLabel(sort)}
                </option>
              ))}
            </select>
          </div>
          <FilterChips
            label={t('ui.orderFilters.view')}
            options={VIEW_OPTIONS}
            value={query.view}
            onChange={(view) => onChange({ view })}
          />
        </div>
      </div>

      {query.agentId || query.productId ? (
        <ul className="ui-order-filters-active" aria-label={t('ui.orderFilters.narrowedTo')}>
          {query.agentId ? (
            <li>
              <RemoveFilter
                label={t('ui.orderFilters.agent', { name: agentName ?? t('ui.orderFilters.chosenAgent') })}
                onRemove={() => onChange({ agentId: '' })}
              />
            </li>
          ) : null}
          {query.productId ? (
            <li>
              <RemoveFilter
                label={t('ui.orderFilters.product', { name: productName ?? t('ui.orderFilters.chosenProduct') })}
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
  const t = useT();
  return (
    <button
      type="button"
      className="ui-order-filters-remove"
      onClick={onRemove}
      aria-label={t('ui.orderFilters.remove', { label })}
      title={t('ui.orderFilters.removeTitle')}
    >
      {label}
      <span aria-hidden="true"> ✕</span>
    </button>
  );
}
