/**
 * shared-api's browser entry. Federation shares this module whole as a singleton
 * (one client, one session store); keep additions backward compatible.
 */

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
export {
  downloadTransferCsv,
  fetchOwnPayoutAccount,
  fetchPayoutAccountReview,
  savePayoutAccount,
} from './payout-account';
export type { PayableFilter } from './payouts';
export {
  createPayout,
  downloadPayoutCsv,
  fetchPayableAgents,
  fetchPayableOrders,
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
export type { SessionState, SessionStatus } from './session';
export { onUserIdChange, selectUserId, useSession } from './session';
export type { UploadImageOptions } from './uploads';
export { uploadImage } from './uploads';
export { approveUser, fetchCommission, fetchPendingUser, fetchPendingUsers, register, updatePassword } from './users';
