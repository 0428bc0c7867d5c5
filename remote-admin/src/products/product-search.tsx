/** The search box of the product lists (shared-ui's SearchBox). */
import { SearchBox } from 'shared-ui/search-box';
import { useT } from './i18n';

export interface ProductSearchProps {
  /** the keyword the list shows now */
  keyword: string;
  onSearch: (keyword: string) => void;
  /** ms of quiet typing before the keyword applies */
  delay?: number;
}

export function ProductSearch({ keyword, onSearch, delay }: ProductSearchProps) {
  const t = useT();
  return (
    <SearchBox
      value={keyword}
      onSearch={onSearch}
      delay={delay}
      label={t('admin.products.search')}
      placeholder={t('admin.products.searchPlaceholder')}
      classPrefix="admin-products"
    />
  );
}
