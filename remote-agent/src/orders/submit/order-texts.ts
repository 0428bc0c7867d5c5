/** Texts of the submit order screen that the contract's MESSAGES does not hold. */

/** Shown when the order could not be created and the server gave no sentence. */
export const ORDER_CREATE_FAILED = 'The order could not be created. Please try again.';
/** Shown when the screenshot could not be uploaded and the server gave no sentence. */
export const SCREENSHOT_UPLOAD_FAILED = 'The order screenshot could not be uploaded. Please try again.';
/** Shown when the product could not be loaded and the server gave no sentence. */
export const PRODUCT_FETCH_FAILED = 'Failed to fetch the product. Please try again.';
