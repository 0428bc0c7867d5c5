/**
 * Texts only the product screens use (texts shared with the server or other apps are in
 * shared-api's MESSAGES), written once for the pages, the form and their tests. Each is read in
 * the chosen language when it is used (the catalogue's `admin.products.*`).
 */
import { t } from './i18n';

export type ReviewCommissionKind = 'text' | 'picture' | 'video';

export const PRODUCT_TEXTS = {
  get noProducts() {
    return t('admin.products.none');
  },
  get addProduct() {
    return t('admin.products.add');
  },
  get productLoadFailed() {
    return t('admin.products.loadFailed');
  },
  get pendingProductsFailed() {
    return t('admin.products.pendingFailed');
  },
  get deleteFailed() {
    return t('admin.products.deleteFailed');
  },
  get approveFailed() {
    return t('admin.products.approveFailed');
  },
  approved: (name: string) => t('admin.products.approved', { name }),
  /** a manager's new product, or a manager's change to an approved one, waits for an admin */
  get awaitingApproval() {
    return t('admin.products.awaitingApproval');
  },
  get backToPending() {
    return t('admin.products.backToPending');
  },
  get productIdRequired() {
    return t('admin.products.productIdRequired');
  },
  reviewCommissionInvalid: (kind: ReviewCommissionKind) => {
    const texts: Record<ReviewCommissionKind, string> = {
      text: t('admin.products.reviewCommissionInvalid.text'),
      picture: t('admin.products.reviewCommissionInvalid.picture'),
      video: t('admin.products.reviewCommissionInvalid.video'),
    };
    return texts[kind];
  },
  get customCategoryEmpty() {
    return t('admin.products.customCategoryEmpty');
  },
  get customCategoryDuplicate() {
    return t('admin.products.customCategoryDuplicate');
  },
  get confirmDeleteTitle() {
    return t('admin.products.confirmDeleteTitle');
  },
  confirmDelete: (name: string) => t('admin.products.confirmDelete', { name }),
};
