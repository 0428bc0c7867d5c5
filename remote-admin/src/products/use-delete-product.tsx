/**
 * Deleting a product from a list: asks first, then deletes. The server archives a product
 * that has orders instead, and its answer says which happened; that answer is what the
 * person reads.
 */
import { type ReactNode, useState } from 'react';
import { toast } from 'react-toastify';
import { deleteProduct, errorMessage } from 'shared-api';
import type { Product } from 'shared-api/contract';
import { ConfirmDialog } from 'shared-ui/confirm-dialog';
import { CHANGES, useInvalidate } from 'shared-ui/lib/mutations';
import { PRODUCT_TEXTS } from './product-texts';

export interface ProductDeletion {
  /** opens the confirmation for this product */
  ask: (product: Product) => void;
  /** the confirmation dialog, to render once in the page */
  dialog: ReactNode;
}

export function useDeleteProduct({ onError }: { onError: (message: string | null) => void }): ProductDeletion {
  const invalidate = useInvalidate();
  const [target, setTarget] = useState<Product | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!target) return;
    setBusy(true);
    onError(null);
    try {
      const answer = await deleteProduct(target._id);
      if (answer.archived) toast.info(answer.message);
      else toast.success(answer.message);
      setTarget(null);
      await invalidate(CHANGES.product);
    } catch (failure) {
      setTarget(null);
      onError(errorMessage(failure, PRODUCT_TEXTS.deleteFailed));
    } finally {
      setBusy(false);
    }
  }

  return {
    ask: (product) => {
      onError(null);
      setTarget(product);
    },
    dialog: (
      <ConfirmDialog
        open={target !== null}
        title={PRODUCT_TEXTS.confirmDeleteTitle}
        message={target ? PRODUCT_TEXTS.confirmDelete(target.name) : ''}
        confirmLabel="Delete"
        onConfirm={confirm}
        onCancel={() => setTarget(null)}
        busy={busy}
        destructive
      />
    ),
  };
}
