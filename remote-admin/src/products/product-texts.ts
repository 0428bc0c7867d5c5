/**
 * Texts only the product screens use (texts shared with the server or other apps are in
 * shared-api's MESSAGES), written once for the pages, the form and their tests.
 */
export const PRODUCT_TEXTS = {
  noProducts: 'no products found',
  addProduct: 'add product',
  productLoadFailed: 'Failed to fetch the product. Please try again.',
  pendingProductsFailed: 'Failed to fetch pending products. Please try again.',
  deleteFailed: 'The product could not be deleted. Please try again.',
  approveFailed: 'The product could not be approved. Please try again.',
  approved: (name: string) => `"${name}" is approved: agents can order it now.`,
  /** a manager's new product, or a manager's change to an approved one, waits for an admin */
  awaitingApproval: 'Your product is waiting for approval by an admin. Agents will see it once it is approved.',
  backToPending:
    'Your change sends the product back for approval: an admin checks every change to what agents see. Agents will see the product again once an admin approves it.',
  productIdRequired: 'Product id is required!',
  reviewCommissionInvalid: (kind: string) => `Commission with a ${kind} review cannot be negative.`,
  customCategoryEmpty: 'Type a category name to add it.',
  customCategoryDuplicate: 'This category is already in the list.',
  confirmDeleteTitle: 'Delete product?',
  confirmDelete: (name: string) =>
    `Delete "${name}"? This cannot be undone. A product that has orders is archived instead, so its orders keep it.`,
} as const;
