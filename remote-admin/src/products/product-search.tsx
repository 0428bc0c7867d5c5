/** The search box of the product lists (shared-ui's SearchBox). */
import { SearchBox } from 'shared-ui/search-box';

export interface ProductSearchProps {
  /** the keyword the list shows now */
  keyword: string;
  onSearch: (keyword: string) => void;
  /** ms of quiet typing before the keyword applies */
  delay?: number;
}

export function ProductSearch({ keyword, onSearch, delay }: ProductSearchProps) {
  return (
    <SearchBox
      value={keyword}
      onSearch={onSearch}
      delay={delay}
      label="search products"
      placeholder="name, description, product id or keyword"
      classPrefix="admin-products"
    />
  );
}
