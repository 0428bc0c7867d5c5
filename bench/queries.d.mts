/** Types for queries.mjs: the SQL of the API's benchmarked routes, by name. */
export declare const SQL: {
  approvedProductsPage: string;
  approvedProductsCount: string;
  agentOrdersPage: string;
  agentOrdersCount: string;
  adminOrdersPage: string;
  adminOrdersCount: string;
  searchAgents: string;
  adminSearchIds: string;
  adminSearchIdsWithAgents: string;
  ordersByIds: string;
  oneOrder: string;
  oneOrderWithSession: string;
  productForShare: string;
  uploadForUpdate: string;
  attachUpload: string;
  insertOrder: string;
  insertOrderEvent: string;
  insertAlert: string;
  notifyAlert: string;
  placeSignals: string;
  upsertAccountFlag: string;
  orderFlagsOf: string;
  orderHistory: string;
};
