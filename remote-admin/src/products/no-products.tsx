/** The empty state of the product lists: 'no products found' and the way to add one. */
import { Link } from 'react-router-dom';
import { PRODUCT_TEXTS } from './product-texts';

export function NoProducts() {
  return (
    <div className="admin-products-empty">
      <p>{PRODUCT_TEXTS.noProducts}</p>
      <Link className="ui-button ui-button-primary" to="/admin/add-product">
        {PRODUCT_TEXTS.addProduct}
      </Link>
    </div>
  );
}
