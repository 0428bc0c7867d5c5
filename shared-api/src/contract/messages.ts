/** Texts a person reads, written once (docs/domain.md, Messages). Screens, server and tests use these. */
export const MESSAGES = {
  // login / register
  loginSuccess: 'loged in sucessfully',
  registerSuccess: 'your account request is submitted successfully. wait for your request approval',
  pendingLogin: 'Your account is waiting for approval by an admin. You can sign in once it is approved.',
  invalidCredentials: 'The email or password is incorrect.',
  // registration rules
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailInvalid: 'Valid email is required.',
  passwordTooShort: 'Password must be at least 6 characters.',
  genderRequired: 'Gender is required.',
  phoneInvalid: 'Valid phone number is required.',
  cityRequired: 'City is required.',
  referralNameRequired: 'Referral name is required.',
  referralContactRequired: 'Referral contact is required.',
  countryRequired: 'please select your country.',
  cnicFrontRequired: 'Front CNIC image is required.',
  cnicBackRequired: 'Back CNIC image is required.',
  // product rules, in the order they are checked
  productNameRequired: 'Product name is required!',
  categoryRequired: 'Category is required!',
  pricePositive: 'Price must be a positive number!',
  commissionRequired: 'Commission without review is required and cannot be negative!',
  thumbnailRequired: 'Please select a thumbnail image!',
  // submit order
  reviewTypeRequired: 'Review Type is required',
  orderNumberRequired: 'AMZ Order Number is required',
  orderNumberInvalid: 'Invalid AMZ Order Number format',
  buyerPayPalRequired: 'Buyer PayPal is required',
  buyerPayPalInvalid:
    "Buyer PayPal must be the buyer's PayPal account: an email address (name@example.com) or a phone number in international form (+ and digits, e.g. +923001234567).",
  buyerPayPalInvisible:
    'Buyer PayPal contains an invisible character (a zero-width space, soft hyphen or direction mark): type the address again.',
  buyerNameRequired: 'Buyer Name is required',
  orderScreenshotRequired: 'order screenshot is required',
  /** fixed notice on the agent's order screens (US FTC rule on consumer reviews, 16 CFR 465; marketplace policies) */
  reviewHonestyNotice:
    'Reviews must be honest and reflect your own experience. Say in every review that you received the product for free or were compensated for it. Your commission never depends on the rating or tone of your review.',
  // password
  tokenMissing: 'Authentication token not found. Please log in again.',
  fillBothFields: 'Please fill in both fields.',
  passwordUpdated: 'Password updated successfully!',
  passwordUpdateFailed: 'Failed to update password.',
  noResponse: 'No response received from server.',
  requestSetupError: 'Error setting up the request.',
  // commission
  commissionFetchFailed: 'Failed to fetch the agent commission data.',
  commissionFetchError: 'An error occurred while fetching the agent commission data.',
  // products
  productCreated: 'Product created successfully!',
  productUpdated: 'Updated successfully',
  productCreateFailed: 'Something went wrong, try again!',
  approvedProductsFailed: 'Failed to fetch approved products. Please try again.',
  filterProductsFailed: 'Failed to fetch products. Please try again.',
  /** agent product grid: empty state and the confirm modal before an order */
  agentNoProductsFound: 'No products found',
  orderConfirmTitle: 'Please Confirm',
  orderConfirmMessage: 'Are you sure you want to create an order for this product?',
  authorizationMissing: 'Authorization token is missing',
  // products (server refusals and answers)
  productNotFound: 'Product not found.',
  productNotPending: 'This product is not pending approval.',
  productArchivedNotEditable: 'This product is archived and can no longer be edited.',
  productChangedMeanwhile: 'The product changed meanwhile; reload and try again.',
  productEditOwnOnly: 'You can only edit your own products.',
  productDeleteOwnOnly: 'You can only delete your own products.',
  productDeleted: 'Product deleted.',
  productArchived: 'Product archived: it has orders, which keep it.',
  // users
  pendingUsersFailed: 'Failed to fetch pending users',
  approveUserFailed: 'Something went wrong',
  /** the pending users list when there are none */
  noUsersFound: 'No users found.',
  // orders
  orderCreated: 'Order is created successfully',
  orderUpdated: 'Updated successfully!',
  orderFetchFailed: 'Failed to fetch order',
  orderUpdateFailed: 'Failed to update order',
  orderNoResponse: 'No response from server',
  /** dashboards' recent activity when there are none */
  noOrdersFound: 'No orders found.',
  // referral
  referralCopied: 'Referral link copied successfully. You can refer your friends with the copied link.',
  referralCopyFailed: 'Failed to copy the link. Please try again.',
  // generic
  somethingWentWrong: 'Something went wrong.',
  databaseUnavailable:
    'The service is temporarily unavailable: the database cannot be reached. Please try again shortly.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  // API refusals (server)
  sessionExpired: 'Your session has expired. Please sign in again.',
  sessionInvalid: 'Your session is not valid any more. Please sign in again.',
  accountPending: 'Your account is waiting for approval by an admin. You can use the app once it is approved.',
  forbidden: 'You do not have permission to do this.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request is too large.',
  unsupportedMediaType: 'The request body must be sent as JSON (Content-Type: application/json).',
  // registration, users, images (server)
  emailTaken: 'An account with this email already exists.',
  referralUserMissing: 'The referral user does not exist.',
  currentPasswordIncorrect: 'The current password is incorrect.',
  userNotFound: 'User not found.',
  agentNotFound: 'Agent not found.',
  userAlreadyApproved: 'This user is already approved.',
  imageTooLarge: 'The image is larger than 5 MB.',
  imageTypeUnsupported: 'Only PNG, JPEG, WebP or GIF images can be uploaded.',
  imageMustBeStill: 'An ID card image must be a still picture (a photo or a scan), not an animation.',
  // orders (server refusals)
  orderNotFound: 'Order not found.',
  orderProductNotFound: 'Product not found.',
  orderProductUnavailable: 'This product is not available for orders.',
  orderReviewTypeNotTaken: 'This product does not take that review type.',
  orderNumberTaken: 'An order with this AMZ order number already exists.',
  orderCancelledNotEditable: 'Cancelled orders cannot be edited.',
  orderChangedMeanwhile: 'The order changed meanwhile; reload and try again.',
  versionInvalid: 'version must be the whole number the record was loaded at.',
  orderReviewTypeLocked: 'The review type cannot change once the commission is paid.',
  commissionAlreadyPaid: 'Commission is already paid and cannot be changed.',
  cancelledOrderCannotBePaid: 'A cancelled order cannot be paid.',
  // proof screenshots (issue 24, item 2): docs/domain.md, Images
  screenshotNotUpload:
    'A screenshot must be a picture uploaded here: choose the image on your device and upload it. Text and links to other sites are not proof.',
  screenshotNotRemovable: 'A screenshot an order has can be replaced with another picture, not removed.',
  screenshotOnAnotherOrder:
    "This picture is already the proof of another order. Each order needs a screenshot of its own: upload this order's.",
  // accounts: common passwords (issue 12, item 8)
  passwordTooCommon:
    'This password is one of the 10,000 most common passwords, so it is easy to guess. Choose a less common one.',
  // sessions: logout, sign-in lockout (issue 12, items 6 and 7)
  signedOut: 'You have been signed out. Sign in again.',
  // input hardening (issue 12): bounded lists
  pageTooFar:
    'This page is too far into the list (at most the first 10,000 rows). Narrow the search with a filter instead.',
  pageInvalid: 'page must be a whole number, 1 or more.',
  limitInvalid: 'limit must be a whole number from 1 to 200.',
  // paid orders are closed to their agent, and their Amazon order numbers are never used again
  orderPaidClosed: "This order's commission is paid, so the order is closed and cannot be changed.",
  orderNumberPaidElsewhere: 'This Amazon order number was already paid on another order and cannot be used again.',
  // order search (staff lists and the CSV export)
  searchTooLong: 'The search is too long (at most 200 characters).',
  /** the agentId of a search, a payout or a payout list */
  agentIdInvalid: 'agentId must be the id of an agent.',
  productIdInvalid: 'productId must be the id of a product.',
  searchDateInvalid: 'Dates must be written as YYYY-MM-DD, for example 2026-11-23.',
  searchDateRange: 'The start date must not be after the end date.',
  searchInvalidCharacter: 'The search contains a character that cannot be searched for (a control character).',
  // payouts (docs/domain.md, Payouts)
  payoutOrdersRequired: 'Choose at least one order to pay.',
  payoutTooManyOrders: 'A payout can hold at most 1,000 orders; pay the rest in another payout.',
  payoutOrderIdInvalid: 'orderIds must be the ids of orders.',
  payoutOrdersRepeated: 'An order can be in a payout only once.',
  payoutReferenceRequired: 'Enter the reference of the payment (its PayPal or bank transfer id).',
  payoutReferenceTooLong: 'The reference can be at most 100 characters.',
  payoutOrdersNotPayable:
    'Some orders cannot be paid in this payout: each must be an unpaid, not cancelled order of this agent. Nothing was paid.',
  payoutReferenceTaken: 'This reference was already used for a payout to another agent.',
  payoutNotFound: 'Payout not found.',
  // more than one API process behind a balancer (docs/scaling.md)
  apiStopping: 'This API process is stopping; the load balancer sends requests to the others.',
  // live alerts (docs/architecture.md, Live alerts)
  alertStreamsPerUser:
    'Too many live alert streams are open for this account. Close the app in another tab or window and try again.',
  alertStreamsFull: 'The server has too many live alert streams open. Alerts are still checked every minute.',
  alertStreamUnavailable: 'Live alerts are unavailable right now. Alerts are still checked every minute.',
  // fraud signals (docs/domain.md, Fraud signals)
  flagNoteRequired: 'Write a note saying why the flag can be dismissed.',
  flagNoteTooLong: 'The note can be at most 1,000 characters.',
  flagDismissedRequired: 'dismissed must be true: a flag can only be dismissed.',
  flagNotFound: 'This order has no such flag.',
  flagAlreadyDismissed: 'This flag was already dismissed.',
  flagDismissOnlyAdmins: 'Only admins can dismiss a flag.',
  flaggedInvalid: 'flagged must be true or false.',
  heldOrdersOnlyAdmins: 'Only admins can see how many orders are on hold.',
  // the account's language (PUT /api/user/locale)
  localeInvalid: 'locale must be "en" or "ur".',
  csvLanguageInvalid: 'language must be "en" or "ur" (the language of the file\'s column names).',
} as const;
