/**
 * A list's search box: the words apply a moment after typing stops, or at once on Enter or the
 * search button (useSearchDraft); it shows what the list shows when that changes by other means.
 * `classPrefix` names its classes (`<prefix>-search`, `<prefix>-search-row`).
 */
import { useId } from 'react';
import { useT } from './lib/i18n';
import { SEARCH_DEBOUNCE_MS } from './lib/product-filters';
import { useSearchDraft } from './lib/use-search-draft';

export interface SearchBoxProps {
  /** the search the list shows now */
  value: string;
  onSearch: (value: string) => void;
  label: string;
  placeholder: string;
  classPrefix: string;
  maxLength?: number;
  /** ms of quiet typing before the search applies */
  delay?: number;
}

export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  classPrefix,
  maxLength,
  delay = SEARCH_DEBOUNCE_MS,
}: SearchBoxProps) {
  const t = useT();
  const inputId = useId();
  const { draft, setDraft, onSubmit } = useSearchDraft(value, onSearch, delay);
  return (
    <search className={`${classPrefix}-search`}>
      <form onSubmit={onSubmit}>
        <label htmlFor={inputId}>{label}</label>
        <div className={`${classPrefix}-search-row`}>
          <input
            id={inputId}
            type="search"
            value={draft}
            maxLength={maxLength}
            placeholder={placeholder}
            autoComplete="off"
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="ui-button">
            {t('ui.search.button')}
          </button>
        </div>
      </form>
    </search>
  );
}
