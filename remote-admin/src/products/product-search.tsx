/**
 * The search box of the product lists: the keyword applies a moment after typing stops,
 * or at once on Enter or the search button (useSearchDraft).
 */
import { useId } from 'react';
import { SEARCH_DEBOUNCE_MS } from 'shared-ui/lib/product-filters';
import { useSearchDraft } from 'shared-ui/lib/use-search-draft';

export interface ProductSearchProps {
  /** the keyword the list shows now */
  keyword: string;
  onSearch: (keyword: string) => void;
  /** ms of quiet typing before the keyword applies */
  delay?: number;
}

export function ProductSearch({ keyword, onSearch, delay = SEARCH_DEBOUNCE_MS }: ProductSearchProps) {
  const inputId = useId();
  const { draft, setDraft, onSubmit } = useSearchDraft(keyword, onSearch, delay);

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
