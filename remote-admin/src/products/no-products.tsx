/** The empty state of the product lists: 'no products found' and the way to add one. */
import { Link } from 'react-router-dom';
import { useT } from './i18n';

export function NoProducts() {
  const t = useT();
  return (
    <div className="admin-products-empty">
      <p>{t('admin.products.none')}</p>
      <Link className="ui-button ui-button-primary" to="/admin/add-product">
        {t('admin.products.add')}
      </Link>
    </div>
  );
}
