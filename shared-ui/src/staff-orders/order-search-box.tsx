/**
 * The staff orders search box: the search applies a moment after typing stops, or at once on
 * Enter. It shows what the URL says when that changes by other means (Back, a cleared filter).
 */
import { useId } from 'react';
import { useT } from '../lib/i18n';
import { SEARCH_DEBOUNCE_MS } from '../lib/product-filters';
import { useSearchDraft } from '../lib/use-search-draft';

export interface OrderSearchBoxProps {
  /** the search the list shows now */
  value: string;
  onSearch: (q: string) => void;
  /** ms of quiet typing before the search applies */
  delay?: number;
}

export function OrderSearchBox({ value, onSearch, delay = SEARCH_DEBOUNCE_MS }: OrderSearchBoxProps) {
  const t = useT();
  const inputId = useId();
  const { draft, setDraft, onSubmit } = useSearchDraft(value, onSearch, delay);

  return (
    <form className="ui-order-search" onSubmit={onSubmit}>
      <label htmlFor={inputId}>{t('ui.orderSearch.label')}</label>
      <div className="ui-order-search-row">
        <input
          id={inputId}
          type="search"
          value={draft}
          placeholder={t('ui.orderSearch.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="ui-button">
          {t('ui.search.button')}
        </button>
      </div>
    </form>
  );
}
