/** /admin/add-product (admin and manager): a new product; an admin's is approved at once, a manager's waits. */
import { useSession } from 'shared-api';
import { ProductForm } from './product-form';
import { useGoBack } from './use-go-back';

export function AddProductPage() {
  const isAdmin = useSession((s) => s.user?.role === 'admin');
  const goBack = useGoBack();
  return (
    <section className="admin-product-page" aria-labelledby="admin-add-product-heading">
      <h1 id="admin-add-product-heading">add product</h1>
      <ProductForm isAdmin={isAdmin} onBack={goBack} />
    </section>
  );
}
