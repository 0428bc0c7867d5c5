/**
 * MESSAGES in Urdu, key for key (docs/architecture.md, Languages): the server answers with these
 * when a request's Accept-Language asks for Urdu, and the screens show them when Urdu is chosen.
 * TypeScript holds the keys to MESSAGES' own; the catalogue check holds the texts to be Urdu.
 * Emails, numbers, examples and names (PayPal, AMZ, CNIC, IBAN, JSON) stay as they are.
 */
import type { MESSAGES } from './messages';

export const MESSAGES_UR: { readonly [Key in keyof typeof MESSAGES]: string } = {
  // login / register
  loginSuccess: 'آپ کامیابی سے لاگ ان ہو گئے',
  registerSuccess: 'آپ کے اکاؤنٹ کی درخواست کامیابی سے جمع ہو گئی ہے۔ اپنی درخواست کی منظوری کا انتظار کریں',
  pendingLogin: 'آپ کا اکاؤنٹ ایڈمن کی منظوری کا منتظر ہے۔ منظوری کے بعد آپ سائن اِن کر سکیں گے۔',
  invalidCredentials: 'ای میل یا پاس ورڈ درست نہیں ہے۔',
  // registration rules
  firstNameRequired: 'پہلا نام لازمی ہے۔',
  lastNameRequired: 'آخری نام لازمی ہے۔',
  emailInvalid: 'درست ای میل لازمی ہے۔',
  passwordTooShort: 'پاس ورڈ کم از کم 6 حروف کا ہونا چاہیے۔',
  genderRequired: 'جنس لازمی ہے۔',
  phoneInvalid: 'درست فون نمبر لازمی ہے۔',
  cityRequired: 'شہر لازمی ہے۔',
  referralNameRequired: 'ریفرل کا نام لازمی ہے۔',
  referralContactRequired: 'ریفرل کا رابطہ لازمی ہے۔',
  countryRequired: 'براہِ کرم اپنا ملک منتخب کریں۔',
  cnicFrontRequired: 'CNIC کے سامنے والے رخ کی تصویر لازمی ہے۔',
  cnicBackRequired: 'CNIC کے پچھلے رخ کی تصویر لازمی ہے۔',
  // product rules, in the order they are checked
  productNameRequired: 'پروڈکٹ کا نام لازمی ہے!',
  categoryRequired: 'کیٹیگری لازمی ہے!',
  pricePositive: 'قیمت مثبت عدد ہونی چاہیے!',
  commissionRequired: 'ریویو کے بغیر کمیشن لازمی ہے اور منفی نہیں ہو سکتا!',
  thumbnailRequired: 'براہِ کرم تھمب نیل تصویر منتخب کریں!',
  // submit order
  reviewTypeRequired: 'ریویو کی قسم لازمی ہے',
  orderNumberRequired: 'AMZ آرڈر نمبر لازمی ہے',
  orderNumberInvalid: 'AMZ آرڈر نمبر کا فارمیٹ درست نہیں',
  buyerPayPalRequired: 'خریدار کا PayPal لازمی ہے',
  buyerPayPalInvalid:
    'خریدار کا PayPal خریدار کا اپنا PayPal اکاؤنٹ ہونا چاہیے: ای میل ایڈریس (name@example.com) یا بین الاقوامی طرز کا فون نمبر (+ اور ہندسے، مثلاً +923001234567)۔',
  buyerPayPalInvisible:
    'خریدار کے PayPal میں ایک نظر نہ آنے والا حرف ہے (zero-width space، soft hyphen یا سمت کا نشان): ایڈریس دوبارہ ٹائپ کریں۔',
  buyerNameRequired: 'خریدار کا نام لازمی ہے',
  orderScreenshotRequired: 'آرڈر کا اسکرین شاٹ لازمی ہے',
  reviewHonestyNotice:
    'ریویو ایمان دارانہ اور آپ کے اپنے تجربے کے مطابق ہونے چاہییں۔ ہر ریویو میں بتائیں کہ آپ کو پروڈکٹ مفت ملی یا اس کا معاوضہ دیا گیا۔ آپ کا کمیشن کبھی آپ کے ریویو کی ریٹنگ یا لہجے پر منحصر نہیں ہوتا۔',
  // password
  tokenMissing: 'تصدیقی ٹوکن نہیں ملا۔ براہِ کرم دوبارہ لاگ ان کریں۔',
  fillBothFields: 'براہِ کرم دونوں خانے پُر کریں۔',
  passwordUpdated: 'پاس ورڈ کامیابی سے تبدیل ہو گیا!',
  passwordUpdateFailed: 'پاس ورڈ تبدیل نہیں ہو سکا۔',
  noResponse: 'سرور سے کوئی جواب نہیں ملا۔',
  requestSetupError: 'درخواست تیار کرنے میں خرابی ہوئی۔',
  // commission
  commissionFetchFailed: 'ایجنٹ کے کمیشن کا ڈیٹا حاصل نہیں ہو سکا۔',
  commissionFetchError: 'ایجنٹ کے کمیشن کا ڈیٹا حاصل کرتے ہوئے ایک خرابی پیش آئی۔',
  // products
  productCreated: 'پروڈکٹ کامیابی سے بن گئی!',
  productUpdated: 'کامیابی سے اپ ڈیٹ ہو گیا',
  productCreateFailed: 'کچھ غلط ہو گیا، دوبارہ کوشش کریں!',
  approvedProductsFailed: 'منظور شدہ پروڈکٹس حاصل نہیں ہو سکیں۔ براہِ کرم دوبارہ کوشش کریں۔',
  filterProductsFailed: 'پروڈکٹس حاصل نہیں ہو سکیں۔ براہِ کرم دوبارہ کوشش کریں۔',
  agentNoProductsFound: 'کوئی پروڈکٹ نہیں ملی',
  orderConfirmTitle: 'براہِ کرم تصدیق کریں',
  orderConfirmMessage: 'کیا آپ واقعی اس پروڈکٹ کا آرڈر بنانا چاہتے ہیں؟',
  authorizationMissing: 'اجازت کا ٹوکن موجود نہیں',
  // products (server refusals and answers)
  productNotFound: 'پروڈکٹ نہیں ملی۔',
  productNotPending: 'یہ پروڈکٹ منظوری کی منتظر نہیں ہے۔',
  productArchivedNotEditable: 'یہ پروڈکٹ آرکائیو ہو چکی ہے اور اب اس میں ترمیم نہیں ہو سکتی۔',
  productChangedMeanwhile: 'اس دوران پروڈکٹ بدل گئی؛ دوبارہ لوڈ کر کے پھر کوشش کریں۔',
  productEditOwnOnly: 'آپ صرف اپنی پروڈکٹس میں ترمیم کر سکتے ہیں۔',
  productDeleteOwnOnly: 'آپ صرف اپنی پروڈکٹس حذف کر سکتے ہیں۔',
  productDeleted: 'پروڈکٹ حذف ہو گئی۔',
  productArchived: 'پروڈکٹ آرکائیو کر دی گئی: اس کے آرڈرز ہیں، جو اسے محفوظ رکھتے ہیں۔',
  // users
  pendingUsersFailed: 'منظوری کے منتظر صارفین حاصل نہیں ہو سکے',
  approveUserFailed: 'کچھ غلط ہو گیا',
  noUsersFound: 'کوئی صارف نہیں ملا۔',
  // orders
  orderCreated: 'آرڈر کامیابی سے بن گیا ہے',
  orderUpdated: 'کامیابی سے اپ ڈیٹ ہو گیا!',
  orderFetchFailed: 'آرڈر حاصل نہیں ہو سکا',
  orderUpdateFailed: 'آرڈر اپ ڈیٹ نہیں ہو سکا',
  orderNoResponse: 'سرور سے کوئی جواب نہیں آیا',
  noOrdersFound: 'کوئی آرڈر نہیں ملا۔',
  // referral
  referralCopied: 'ریفرل لنک کامیابی سے کاپی ہو گیا۔ کاپی کیے گئے لنک سے آپ اپنے دوستوں کو ریفر کر سکتے ہیں۔',
  referralCopyFailed: 'لنک کاپی نہیں ہو سکا۔ براہِ کرم دوبارہ کوشش کریں۔',
  // generic
  somethingWentWrong: 'کچھ غلط ہو گیا۔',
  databaseUnavailable:
    'سروس عارضی طور پر دستیاب نہیں: ڈیٹا بیس تک رسائی نہیں ہو رہی۔ براہِ کرم تھوڑی دیر بعد دوبارہ کوشش کریں۔',
  tooManyRequests: 'بہت زیادہ درخواستیں۔ براہِ کرم ایک منٹ انتظار کر کے دوبارہ کوشش کریں۔',
  // API refusals (server)
  sessionExpired: 'آپ کا سیشن ختم ہو گیا ہے۔ براہِ کرم دوبارہ سائن اِن کریں۔',
  sessionInvalid: 'آپ کا سیشن اب درست نہیں رہا۔ براہِ کرم دوبارہ سائن اِن کریں۔',
  accountPending: 'آپ کا اکاؤنٹ ایڈمن کی منظوری کا منتظر ہے۔ منظوری کے بعد آپ ایپ استعمال کر سکیں گے۔',
  forbidden: 'آپ کو یہ کام کرنے کی اجازت نہیں ہے۔',
  invalidJson: 'درخواست کا مواد درست JSON نہیں ہے۔',
  bodyTooLarge: 'درخواست بہت بڑی ہے۔',
  unsupportedMediaType: 'درخواست کا مواد JSON کی صورت میں بھیجا جانا چاہیے (Content-Type: application/json)۔',
  // registration, users, images (server)
  emailTaken: 'اس ای میل سے ایک اکاؤنٹ پہلے سے موجود ہے۔',
  referralUserMissing: 'ریفر کرنے والا صارف موجود نہیں ہے۔',
  currentPasswordIncorrect: 'موجودہ پاس ورڈ درست نہیں ہے۔',
  userNotFound: 'صارف نہیں ملا۔',
  agentNotFound: 'ایجنٹ نہیں ملا۔',
  userAlreadyApproved: 'یہ صارف پہلے ہی منظور شدہ ہے۔',
  imageTooLarge: 'تصویر 5 MB سے بڑی ہے۔',
  imageTypeUnsupported: 'صرف PNG، JPEG، WebP یا GIF تصاویر اپ لوڈ کی جا سکتی ہیں۔',
  imageMustBeStill: 'شناختی کارڈ کی تصویر ساکن ہونی چاہیے (فوٹو یا اسکین)، اینیمیشن نہیں۔',
  // orders (server refusals)
  orderNotFound: 'آرڈر نہیں ملا۔',
  orderProductNotFound: 'پروڈکٹ نہیں ملی۔',
  orderProductUnavailable: 'یہ پروڈکٹ آرڈرز کے لیے دستیاب نہیں ہے۔',
  orderReviewTypeNotTaken: 'یہ پروڈکٹ اس قسم کا ریویو نہیں لیتی۔',
  orderNumberTaken: 'اس AMZ آرڈر نمبر کا ایک آرڈر پہلے سے موجود ہے۔',
  orderCancelledNotEditable: 'منسوخ شدہ آرڈرز میں ترمیم نہیں ہو سکتی۔',
  orderChangedMeanwhile: 'اس دوران آرڈر بدل گیا؛ دوبارہ لوڈ کر کے پھر کوشش کریں۔',
  versionInvalid: 'version وہ پورا عدد ہونا چاہیے جس پر ریکارڈ لوڈ کیا گیا تھا۔',
  orderReviewTypeLocked: 'کمیشن ادا ہونے کے بعد ریویو کی قسم تبدیل نہیں ہو سکتی۔',
  commissionAlreadyPaid: 'کمیشن پہلے ہی ادا ہو چکا ہے اور تبدیل نہیں ہو سکتا۔',
  cancelledOrderCannotBePaid: 'منسوخ شدہ آرڈر کی ادائیگی نہیں ہو سکتی۔',
  // proof screenshots
  screenshotNotUpload:
    'اسکرین شاٹ یہیں اپ لوڈ کی گئی تصویر ہونی چاہیے: اپنے آلے پر تصویر منتخب کر کے اپ لوڈ کریں۔ تحریر اور دوسری ویب سائٹس کے لنک ثبوت نہیں ہیں۔',
  screenshotNotRemovable: 'آرڈر کے اسکرین شاٹ کو دوسری تصویر سے بدلا جا سکتا ہے، ہٹایا نہیں جا سکتا۔',
  screenshotOnAnotherOrder:
    'یہ تصویر پہلے ہی ایک دوسرے آرڈر کا ثبوت ہے۔ ہر آرڈر کا اپنا اسکرین شاٹ ہونا چاہیے: اس آرڈر کا اسکرین شاٹ اپ لوڈ کریں۔',
  // accounts: common passwords
  passwordTooCommon:
    'یہ پاس ورڈ 10,000 سب سے عام پاس ورڈز میں سے ایک ہے، اس لیے اس کا اندازہ لگانا آسان ہے۔ کوئی کم عام پاس ورڈ چنیں۔',
  // sessions
  signedOut: 'آپ سائن آؤٹ ہو گئے ہیں۔ دوبارہ سائن اِن کریں۔',
  // input hardening: bounded lists
  pageTooFar: 'یہ صفحہ فہرست میں بہت آگے ہے (زیادہ سے زیادہ پہلی 10,000 قطاریں)۔ اس کے بجائے فلٹر سے تلاش محدود کریں۔',
  pageInvalid: 'page ایک پورا عدد ہونا چاہیے، 1 یا اس سے زیادہ۔',
  limitInvalid: 'limit ایک پورا عدد ہونا چاہیے، 1 سے 200 تک۔',
  // paid orders
  orderPaidClosed: 'اس آرڈر کا کمیشن ادا ہو چکا ہے، اس لیے آرڈر بند ہے اور تبدیل نہیں ہو سکتا۔',
  orderNumberPaidElsewhere:
    'اس Amazon آرڈر نمبر کی ادائیگی ایک دوسرے آرڈر پر ہو چکی ہے اور اسے دوبارہ استعمال نہیں کیا جا سکتا۔',
  // order search
  searchTooLong: 'تلاش بہت لمبی ہے (زیادہ سے زیادہ 200 حروف)۔',
  agentIdInvalid: 'agentId کسی ایجنٹ کی id ہونی چاہیے۔',
  productIdInvalid: 'productId کسی پروڈکٹ کی id ہونی چاہیے۔',
  searchDateInvalid: 'تاریخیں YYYY-MM-DD کی صورت میں لکھی جائیں، مثلاً 2026-11-23۔',
  searchDateRange: 'شروع کی تاریخ آخری تاریخ کے بعد کی نہیں ہونی چاہیے۔',
  searchInvalidCharacter: 'تلاش میں ایک ایسا حرف ہے جسے تلاش نہیں کیا جا سکتا (کنٹرول کریکٹر)۔',
  // payouts
  payoutOrdersRequired: 'ادائیگی کے لیے کم از کم ایک آرڈر منتخب کریں۔',
  payoutTooManyOrders: 'ایک ادائیگی میں زیادہ سے زیادہ 1,000 آرڈرز ہو سکتے ہیں؛ باقی کی ادائیگی الگ سے کریں۔',
  payoutOrderIdInvalid: 'orderIds آرڈرز کی ids ہونی چاہییں۔',
  payoutOrdersRepeated: 'ایک آرڈر ایک ادائیگی میں صرف ایک بار آ سکتا ہے۔',
  payoutReferenceRequired: 'ادائیگی کا حوالہ درج کریں (اس کی PayPal یا بینک ٹرانسفر id)۔',
  payoutReferenceTooLong: 'حوالہ زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے۔',
  payoutOrdersNotPayable:
    'کچھ آرڈرز کی ادائیگی اس ادائیگی میں نہیں ہو سکتی: ہر آرڈر اسی ایجنٹ کا، غیر ادا شدہ اور غیر منسوخ ہونا چاہیے۔ کوئی ادائیگی نہیں ہوئی۔',
  payoutReferenceTaken: 'یہ حوالہ پہلے ہی کسی دوسرے ایجنٹ کی ادائیگی کے لیے استعمال ہو چکا ہے۔',
  payoutNotFound: 'ادائیگی نہیں ملی۔',
  // more than one API process
  apiStopping: 'API کا یہ عمل بند ہو رہا ہے؛ لوڈ بیلنسر درخواستیں دوسرے عمل کو بھیج رہا ہے۔',
  // live alerts
  alertStreamsPerUser:
    'اس اکاؤنٹ کے لیے بہت زیادہ لائیو الرٹ اسٹریمز کھلی ہیں۔ دوسرے ٹیب یا ونڈو میں ایپ بند کر کے دوبارہ کوشش کریں۔',
  alertStreamsFull: 'سرور پر بہت زیادہ لائیو الرٹ اسٹریمز کھلی ہیں۔ الرٹس اب بھی ہر منٹ چیک ہو رہے ہیں۔',
  alertStreamUnavailable: 'لائیو الرٹس اس وقت دستیاب نہیں ہیں۔ الرٹس اب بھی ہر منٹ چیک ہو رہے ہیں۔',
  // fraud signals
  flagNoteRequired: 'نوٹ لکھیں کہ یہ فلیگ کیوں ختم کیا جا سکتا ہے۔',
  flagNoteTooLong: 'نوٹ زیادہ سے زیادہ 1,000 حروف کا ہو سکتا ہے۔',
  flagDismissedRequired: 'dismissed کی قدر true ہونی چاہیے: فلیگ کو صرف ختم کیا جا سکتا ہے۔',
  flagNotFound: 'اس آرڈر پر ایسا کوئی فلیگ نہیں ہے۔',
  flagAlreadyDismissed: 'یہ فلیگ پہلے ہی ختم کیا جا چکا ہے۔',
  flagDismissOnlyAdmins: 'صرف ایڈمن فلیگ ختم کر سکتے ہیں۔',
  flaggedInvalid: 'flagged کی قدر true یا false ہونی چاہیے۔',
  heldOrdersOnlyAdmins: 'صرف ایڈمن دیکھ سکتے ہیں کہ کتنے آرڈرز روکے گئے ہیں۔',
  // the account's language
  localeInvalid: 'locale کی قدر "en" یا "ur" ہونی چاہیے۔',
  csvLanguageInvalid: 'language کی قدر "en" یا "ur" ہونی چاہیے (فائل کے کالموں کے ناموں کی زبان)۔',
};
