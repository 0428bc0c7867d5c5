/** /admin/add-product (admin and manager): a new product; an admin's is approved at once, a manager's waits. */
import { useSession } from 'shared-api';
import { useT } from './i18n';
import { ProductForm } from './product-form';
import { useGoBack } from './use-go-back';

export function AddProductPage() {
  const t = useT();
  const isAdmin = useSession((s) => s.user?.role === 'admin');
  const goBack = useGoBack();
  return (
    <section className="admin-product-page" aria-labelledby="admin-add-product-heading">
      <h1 id="admin-add-product-heading">{t('admin.products.addTitle')}</h1>
      <ProductForm isAdmin={isAdmin} onBack={goBack} />
    </section>
  );
}
