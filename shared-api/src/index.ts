/**
 * shared-api's browser entry. Federation shares this module whole as a singleton
 * (one client, one session store); keep additions backward compatible.
 */

export type { UserDirectoryParams } from './accounts-client';
export {
  downloadUsersCsv,
  fetchUserHistory,
  fetchUserRecord,
  fetchUsers,
  issueResetLink,
  reactivateUser,
  rejectUser,
  suspendUser,
  usersExportUrl,
} from './accounts-client';
export type { AlertPage, LiveAlertUpdate } from './alerts';
export {
  fetchAlerts,
  fetchUnreadAlertCount,
  markAllAlertsRead,
  startLiveAlerts,
} from './alerts';
export { fetchCurrentUser, login, logout } from './auth';
export type { ApiResponse, Page, RequestOptions } from './client';
export {
  ApiError,
  apiList,
  apiRequest,
  errorMessage,
  isChangedSinceLoaded,
  normaliseError,
  preloadClient,
} from './client';
export type { FirebaseConfig, RuntimeConfig } from './config';
export { getRuntimeConfig, setRuntimeConfig } from './config';
// The contract's messages, which the sign-in page already loads whole: a remote's build takes
// them from here (the host's copy) rather than bundling its own (scripts/remote-vite-config.ts,
// messagesFromHost).
export { MESSAGES } from './contract/messages';
export type { CatalogueSource, Locale, Translate, TranslateValues } from './i18n';
export {
  catalogueReady,
  DEFAULT_LOCALE,
  DIRECTION,
  INTL_LOCALE,
  i18n,
  initialLocale,
  intlLocale,
  isLocale,
  LOCALE_NAMES,
  LOCALES,
  ltr,
  messagesFor,
  registerCatalogue,
  setLocale,
  translate,
  translateMessage,
  useCatalogueReady,
  useLocale,
  useLocaleStore,
  useMessages,
  useTranslate,
} from './i18n';
export type { DownloadedFile, DownloadOptions, OrderFilter } from './orders';
export {
  createOrder,
  dismissOrderFlag,
  downloadOrdersCsv,
  fetchAgentOrders,
  fetchAllOrders,
  fetchHeldOrders,
  fetchManagerOrders,
  fetchOrder,
  fetchOrderHistory,
  fetchOrderStats,
  updateOrderAsAgent,
  updateOrderAsManager,
} from './orders';
export { isMailNotConfigured, requestPasswordReset, resetPassword } from './password-reset';
export {
  downloadTransferCsv,
  fetchOwnPayoutAccount,
  fetchPayoutAccountReview,
  savePayoutAccount,
} from './payout-account';
export type { PayableAgentsFilter, PayableFilter } from './payouts';
export {
  createPayout,
  downloadPayoutCsv,
  fetchAgentHeldOrders,
  fetchPayableAgents,
  fetchPayableOrders,
  fetchPayableSummary,
  fetchPayout,
  fetchPayouts,
  fetchPlatformCommission,
} from './payouts';
export type { ListParams, ProductFilter } from './products';
export {
  approveProduct,
  createProduct,
  deleteProduct,
  fetchApprovedProducts,
  fetchManagerProducts,
  fetchPendingProducts,
  fetchProduct,
  filterProducts,
  updateProduct,
} from './products';
export {
  deletePushSubscription,
  fetchPushKey,
  fetchPushPreferences,
  fetchPushSubscriptions,
  savePushPreferences,
  savePushSubscription,
} from './push-loader';
export type { SessionState, SessionStatus } from './session';
export { onUserIdChange, rememberLocaleForSignIn, saveLocale, selectUserId, useSession } from './session';
export type { SubmitOptions } from './submit';
export { preloadSubmit } from './submit-loader';
export type { UploadImageOptions } from './uploads';
export { uploadImage } from './uploads';
export {
  approveUser,
  fetchCommission,
  fetchPendingUser,
  fetchPendingUsers,
  register,
  updatePassword,
} from './users';
