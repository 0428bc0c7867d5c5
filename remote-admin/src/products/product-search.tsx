/**
 * The search box of the product lists: the keyword applies a moment after typing stops,
 * or at once on Enter or the search button.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from 'shared-ui/lib/product-filters';
import { useDebouncedValue } from 'shared-ui/lib/use-debounced-value';

export interface ProductSearchProps {
  /** the keyword the list shows now */
  keyword: string;
  onSearch: (keyword: string) => void;
  /** ms of quiet typing before the keyword applies */
  delay?: number;
}

export function ProductSearch({ keyword, onSearch, delay = SEARCH_DEBOUNCE_MS }: ProductSearchProps) {
  const inputId = useId();
  const [draft, setDraft] = useState(keyword);
  const settled = useDebouncedValue(draft, delay);

  // typing applies once it pauses; a keyword set meanwhile (Enter) is not asked for again
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled draft starts a search
  useEffect(() => {
    if (settled.trim() !== keyword.trim()) onSearch(settled.trim());
  }, [settled]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.trim() !== keyword.trim()) onSearch(draft.trim());
  }

  return (
    <search className="admin-products-search">
      <form onSubmit={onSubmit}>
        <label htmlFor={inputId}>search products</label>
        <div className="admin-products-search-row">
          <input
            id={inputId}
            type="search"
            value={draft}
            placeholder="name, description, product id or keyword"
            autoComplete="off"
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="ui-button">
            search
          </button>
        </div>
      </form>
    </search>
  );
}
