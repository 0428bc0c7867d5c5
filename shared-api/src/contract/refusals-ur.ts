/**
 * The Urdu of the contract's other tables of sentences (the API sends them, the screens show
 * them), key for key: TypeScript holds each to its English table's keys. Names and formats
 * (PayPal, IBAN, JazzCash, Easypaisa, Idempotency-Key, tus headers, YYYY-MM-DD) stay as they are.
 */
import type { ACCOUNT_MESSAGES } from './accounts';
import type { CLIENT_ERROR_MESSAGES } from './client-errors';
import { MAX_EMAIL_LENGTH } from './constants';
import type { IDEMPOTENCY_MESSAGES } from './idempotency';
import { ACCOUNT_CHANGE_CONFIRM_HOURS, HOLDER_NAME_MAX_LENGTH, type PAYOUT_ACCOUNT_MESSAGES } from './payout-account';
import { PUSH_KINDS, type PUSH_MESSAGES } from './push';
import type { RESUMABLE_MESSAGES } from './resumable-uploads';

type UrduOf<Table> = { readonly [Key in keyof Table]: string };

export const ACCOUNT_MESSAGES_UR: UrduOf<typeof ACCOUNT_MESSAGES> = {
  reasonRequired: 'وجہ لکھنا لازمی ہے۔',
  reasonTooLong: 'وجہ زیادہ سے زیادہ 500 حروف کی ہو سکتی ہے۔',
  reasonInvalid: 'وجہ میں کنٹرول کریکٹر نہیں ہو سکتے۔',
  rejectedLogin: 'آپ کی رجسٹریشن منظور نہیں ہوئی۔ وجہ:',
  suspendedLogin: 'آپ کا اکاؤنٹ معطل ہے۔ وجہ:',
  rejectNotPending: 'صرف منظوری کی منتظر رجسٹریشن مسترد کی جا سکتی ہے۔',
  suspendNotApproved: 'صرف منظور شدہ اکاؤنٹ معطل کیا جا سکتا ہے۔',
  suspendSelf: 'آپ اپنا اکاؤنٹ معطل نہیں کر سکتے۔',
  suspendLastAdmin: 'آخری ایڈمن کو معطل نہیں کیا جا سکتا۔',
  reactivateNotSuspended: 'صرف معطل اکاؤنٹ دوبارہ فعال کیا جا سکتا ہے۔',
  approveNotPending: 'صرف منظوری کی منتظر رجسٹریشن منظور کی جا سکتی ہے۔',
  payoutAgentSuspended: 'یہ ایجنٹ معطل ہے: اکاؤنٹ دوبارہ فعال ہونے تک اس کے آرڈرز کی ادائیگی روکی گئی ہے۔',
  userQueryInvalid: 'تلاش زیادہ سے زیادہ 100 حروف کی ہو سکتی ہے۔',
  userSortInvalid: 'ترتیب name، -name، createdAt یا -createdAt سے دیں۔',
};

export const CLIENT_ERROR_MESSAGES_UR: UrduOf<typeof CLIENT_ERROR_MESSAGES> = {
  reportInvalid: 'یہ خرابی کی رپورٹ اس سرور کے پڑھنے کے قابل نہیں ہے۔',
};

export const IDEMPOTENCY_MESSAGES_UR: UrduOf<typeof IDEMPOTENCY_MESSAGES> = {
  keyInvalid: 'Idempotency-Key ہیڈر UUID ہونا چاہیے (ہر فارم جمع کرانے کے لیے ایک)۔',
  keyReused:
    'یہ Idempotency-Key پہلے ہی ایک مختلف درخواست کے لیے استعمال ہو چکی ہے۔ نئی جمع کرانے کے ساتھ نئی key بھیجیں۔',
  keyInProgress: 'اس Idempotency-Key والی پہلی درخواست کا جواب ابھی تیار ہو رہا ہے۔ تھوڑی دیر میں دوبارہ کوشش کریں۔',
  sending: 'بھیجا جا رہا ہے...',
};

export const PAYOUT_ACCOUNT_MESSAGES_UR: UrduOf<typeof PAYOUT_ACCOUNT_MESSAGES> = {
  methodInvalid: 'منتخب کریں کہ آپ ادائیگی کیسے لینا چاہتے ہیں: JazzCash، Easypaisa، بینک اکاؤنٹ یا PayPal۔',
  accountRequired: 'اکاؤنٹ لازمی ہے۔',
  accountTooLong: `اکاؤنٹ زیادہ سے زیادہ ${MAX_EMAIL_LENGTH} حروف کا ہو سکتا ہے۔`,
  walletInvalid: 'والیٹ نمبر پاکستانی موبائل نمبر ہونا چاہیے: +92 اور 10 ہندسے (13 حروف)، مثلاً +923001234567۔',
  ibanInvalid: 'IBAN پاکستانی IBAN ہونا چاہیے: PK اور مزید 22 حروف اور ہندسے (24 حروف)۔',
  ibanCheckFailed: 'IBAN کے چیک ہندسے مطابقت نہیں رکھتے: کوئی غلط ٹائپ ہوا حرف تلاش کریں۔',
  paypalInvalid: 'PayPal اکاؤنٹ ای میل ایڈریس ہونا چاہیے (name@example.com)۔',
  holderNameRequired: 'بینک اکاؤنٹ کے لیے اکاؤنٹ ہولڈر کا نام لازمی ہے۔',
  holderNameTooLong: `اکاؤنٹ ہولڈر کا نام زیادہ سے زیادہ ${HOLDER_NAME_MAX_LENGTH} حروف کا ہو سکتا ہے۔`,
  holderNameInvalid: 'اکاؤنٹ ہولڈر کے نام میں کنٹرول کریکٹر نہیں ہو سکتے۔',
  notFound: 'آپ نے ابھی تک ادائیگی کا اکاؤنٹ شامل نہیں کیا۔',
  saved: 'آپ کا ادائیگی کا اکاؤنٹ محفوظ ہو گیا ہے۔',
  noAccountOnFile: 'کوئی اکاؤنٹ درج نہیں',
  addOne: 'درج کریں کہ آپ ادائیگی کہاں لینا چاہتے ہیں',
  confirmRequired: `اس ایجنٹ کا ادائیگی کا اکاؤنٹ ${ACCOUNT_CHANGE_CONFIRM_HOURS} گھنٹے سے کم پہلے تبدیل ہوا ہے۔ ادائیگی سے پہلے نیا اکاؤنٹ چیک کر کے اس کی تصدیق کریں۔`,
  confirmLabel: 'میں نے نیا اکاؤنٹ چیک کر لیا ہے اور اسی میں ادائیگی کرنا چاہتا/چاہتی ہوں',
  transferFromInvalid: 'from تاریخ ہونی چاہیے: YYYY-MM-DD۔',
  transferToInvalid: 'to تاریخ ہونی چاہیے: YYYY-MM-DD۔',
  transferRangeInvalid: 'from کی تاریخ to کے بعد کی نہیں ہونی چاہیے۔',
};

export const PUSH_MESSAGES_UR: UrduOf<typeof PUSH_MESSAGES> = {
  endpointInvalid: 'سبسکرپشن کا endpoint کسی معروف push سروس کا https پتہ ہونا چاہیے۔',
  p256dhInvalid: 'سبسکرپشن کی p256dh key ایک P-256 پبلک key ہونی چاہیے: 65 بائٹس، base64url۔',
  authInvalid: 'سبسکرپشن کا auth secret 16 بائٹس کا، base64url ہونا چاہیے۔',
  kindInvalid: `نوٹیفکیشن کی قسم ان میں سے ایک ہونی چاہیے: ${PUSH_KINDS.join(', ')}۔`,
  subscriptionNotFound: 'اس آلے پر آپ کے اکاؤنٹ کے لیے نوٹیفکیشنز آن نہیں ہیں۔',
  subscribed: 'اس آلے کے لیے نوٹیفکیشنز آن ہیں۔',
  unsubscribed: 'اس آلے کے لیے نوٹیفکیشنز بند ہیں۔',
  denied: 'آپ کے براؤزر کی سیٹنگز میں اس سائٹ کے نوٹیفکیشنز بند ہیں۔',
  unsupported: 'یہ براؤزر ایپ کے نوٹیفکیشنز نہیں دکھا سکتا۔',
  preferencesSaved: 'آپ کے نوٹیفکیشن کے انتخاب محفوظ ہو گئے ہیں۔',
};

export const RESUMABLE_MESSAGES_UR: UrduOf<typeof RESUMABLE_MESSAGES> = {
  tusVersion: 'Tus-Resumable: 1.0.0 بھیجیں (یہ سرور tus 1.0.0 استعمال کرتا ہے)۔',
  lengthMissing: 'Upload-Length بھیجیں: پوری فائل کا سائز بائٹس میں (1 یا اس سے زیادہ کا پورا عدد)۔',
  deferLength: 'اپ لوڈ بناتے وقت Upload-Length بھیجیں: اس سرور کو پہلے سائز چاہیے۔',
  metadataInvalid: 'Upload-Metadata درست نہیں: کوما سے الگ جوڑے، ایک key اور اس کی base64 قدر (filename، filetype)۔',
  offsetMissing: 'Upload-Offset بھیجیں: یہ حصہ کہاں سے شروع ہوتا ہے، بائٹس میں (0 یا اس سے زیادہ کا پورا عدد)۔',
  offsetMismatch: 'یہ حصہ وہاں سے شروع نہیں ہوتا جہاں اپ لوڈ رکا ہے: HEAD سے offset پوچھیں اور وہیں سے جاری رکھیں۔',
  contentType: 'حصہ application/offset+octet-stream کی صورت میں بھیجیں۔',
  chunkTooLarge: 'یہ حصہ اپ لوڈ کے اختتام (اس کی Upload-Length) سے آگے جاتا ہے۔',
  interrupted: 'حصہ بھیجتے ہوئے رک گیا۔ HEAD سے offset پوچھیں اور وہیں سے جاری رکھیں۔',
  notFound: 'یہ اپ لوڈ سرور پر موجود نہیں (یا اس کی میعاد ختم ہو گئی ہے)۔ تصویر دوبارہ منتخب کر کے اپ لوڈ کریں۔',
  notFinished: 'یہ اپ لوڈ ابھی مکمل نہیں ہوا: پہلے باقی فائل بھیجیں۔',
  screenshotStillUploading: 'اسکرین شاٹ ابھی اپ لوڈ ہو رہا ہے۔ اپ لوڈ مکمل ہونے کا انتظار کریں، پھر آرڈر بھیجیں۔',
};
