/**
 * Deleting a product from a list: asks first (a confirm step), then deletes. The server archives
 * a product that has orders instead, and its answer says which happened; that answer is what the
 * person reads. A refusal closes the step and is the list's to show (`error`).
 */
import type { ReactNode } from 'react';
import { toast } from 'react-toastify';
import { deleteProduct } from 'shared-api';
import type { Product } from 'shared-api/contract';
import { ConfirmStep, useConfirmStep } from 'shared-ui/form/confirm-step';
import { failureText } from 'shared-ui/form/form-alert';
import { CHANGES, useWrite } from 'shared-ui/lib/mutations';
import { useT } from './i18n';
import { PRODUCT_TEXTS } from './product-texts';

export interface ProductDeletion {
  /** opens the confirmation for this product */
  ask: (product: Product) => void;
  /** the confirmation dialog, to render once in the page */
  dialog: ReactNode;
  /** why the last deletion was refused, until the next one is asked or `reset` */
  error: string | null;
  reset: () => void;
}

export function useDeleteProduct(): ProductDeletion {
  const t = useT();
  const step = useConfirmStep<Product>();
  const remove = useWrite((product: Product) => deleteProduct(product._id), {
    changes: CHANGES.product,
    onSuccess: (answer) => {
      if (answer.archived) toast.info(answer.message);
      else toast.success(answer.message);
      step.close();
    },
    onError: step.close,
  });

  return {
    ask: (product) => {
      remove.reset();
      step.ask(product);
    },
    error: remove.error ? failureText(remove.error, PRODUCT_TEXTS.deleteFailed) : null,
    reset: remove.reset,
    dialog: (
      <ConfirmStep
        step={step}
        title={PRODUCT_TEXTS.confirmDeleteTitle}
        message={(product) => PRODUCT_TEXTS.confirmDelete(product.name)}
        confirmLabel={t('admin.products.delete')}
        onConfirm={remove.mutate}
        busy={remove.isPending}
        destructive
      />
    ),
  };
}
