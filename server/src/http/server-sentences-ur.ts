/**
 * The server's own fixed sentences (those not in the contract) in Urdu, by their English text
 * (http/language.ts). A sentence missing here goes out in English.
 */
import { ORDER_REFUSALS } from '../services/order-access';
import { UPLOAD_REFUSALS } from '../uploads/form';
import { IMAGE_REFUSALS } from '../uploads/images';

// built on first use: the tables it reads come from modules that import this one's users
const pairs = (): readonly (readonly [string, string])[] => [
  // the error handler (plugins/errors.ts)
  ['A value in the request is not valid.', 'درخواست میں ایک قدر درست نہیں ہے۔'],
  ['This conflicts with an existing record.', 'یہ ایک موجودہ ریکارڈ سے ٹکراتا ہے۔'],
  [
    'This refers to a record that does not exist, or is still in use.',
    'یہ ایک ایسے ریکارڈ کا حوالہ دیتا ہے جو موجود نہیں، یا ابھی استعمال میں ہے۔',
  ],
  ['The request body is empty; send a JSON object.', 'درخواست کا مواد خالی ہے؛ JSON آبجیکٹ بھیجیں۔'],
  ['The Content-Length header does not match the body.', 'Content-Length ہیڈر مواد سے مطابقت نہیں رکھتا۔'],
  // validation (validation.ts)
  ['The request body must be a JSON object.', 'درخواست کا مواد JSON آبجیکٹ ہونا چاہیے۔'],
  ['The request is not valid.', 'درخواست درست نہیں ہے۔'],
  // who may do what (routes' access)
  ['Only admins can change the status of an account.', 'صرف ایڈمن کسی اکاؤنٹ کی حیثیت تبدیل کر سکتے ہیں۔'],
  ['Only agents have a payout account.', 'ادائیگی کا اکاؤنٹ صرف ایجنٹس کا ہوتا ہے۔'],
  ['Only admins can pay commission.', 'صرف ایڈمن کمیشن ادا کر سکتے ہیں۔'],
  ['Only admins and agents can see payouts.', 'ادائیگیاں صرف ایڈمن اور ایجنٹس دیکھ سکتے ہیں۔'],
  ['Only managers and admins can see this list.', 'یہ فہرست صرف مینیجرز اور ایڈمن دیکھ سکتے ہیں۔'],
  ['Only admins can see all orders.', 'تمام آرڈرز صرف ایڈمن دیکھ سکتے ہیں۔'],
  ["Only the agent or an admin can see an agent's orders.", 'ایجنٹ کے آرڈرز صرف وہی ایجنٹ یا کوئی ایڈمن دیکھ سکتا ہے۔'],
  ['Only agents can place orders.', 'صرف ایجنٹس آرڈر دے سکتے ہیں۔'],
  [
    'Only the agent who placed this order can change it here.',
    'یہاں یہ آرڈر صرف وہی ایجنٹ تبدیل کر سکتا ہے جس نے یہ آرڈر دیا تھا۔',
  ],
  [
    "Only the product's manager or an admin can change this order.",
    'یہ آرڈر صرف پروڈکٹ کا مینیجر یا کوئی ایڈمن تبدیل کر سکتا ہے۔',
  ],
  ["Only admins can see the platform's commission.", 'پلیٹ فارم کا کمیشن صرف ایڈمن دیکھ سکتے ہیں۔'],
  ['You can only see your own commission.', 'آپ صرف اپنا کمیشن دیکھ سکتے ہیں۔'],
  // orders
  [ORDER_REFUSALS.notOwnOrder, 'آپ صرف اپنے آرڈرز دیکھ اور تبدیل کر سکتے ہیں۔'],
  [ORDER_REFUSALS.notOwnProductsOrder, 'آپ صرف اپنی پروڈکٹس کے آرڈرز دیکھ اور تبدیل کر سکتے ہیں۔'],
  // uploads
  [UPLOAD_REFUSALS.notMultipart, 'تصویر multipart/form-data کی صورت میں، file نامی خانے میں بھیجیں۔'],
  [UPLOAD_REFUSALS.noFile, 'اپ لوڈ کرنے کے لیے تصویر منتخب کریں (file نامی فارم خانہ)۔'],
  ['Send one image per upload.', 'ہر اپ لوڈ میں ایک تصویر بھیجیں۔'],
  [
    'The upload has unexpected fields: send only the image (file) and its purpose.',
    'اپ لوڈ میں غیر متوقع خانے ہیں: صرف تصویر (file) اور اس کا مقصد بھیجیں۔',
  ],
  ['The upload was interrupted. Try again.', 'اپ لوڈ رک گیا۔ دوبارہ کوشش کریں۔'],
  [
    'The upload is not valid multipart/form-data. Try again.',
    'اپ لوڈ درست multipart/form-data نہیں ہے۔ دوبارہ کوشش کریں۔',
  ],
  [
    'The purpose of an upload is "cnic" for a registration image, or nothing.',
    'اپ لوڈ کا مقصد رجسٹریشن کی تصویر کے لیے "cnic" ہوتا ہے، یا کچھ نہیں۔',
  ],
  [IMAGE_REFUSALS.tooSlow, 'تصویر پر کارروائی میں بہت دیر لگی۔ کوئی چھوٹی یا سادہ تصویر آزمائیں۔'],
  [IMAGE_REFUSALS.damaged, 'تصویر پڑھی نہیں جا سکی: شاید فائل خراب ہے۔ کوئی دوسری تصویر آزمائیں۔'],
  [
    'This image link is not valid. Reload the page to get a new one.',
    'تصویر کا یہ لنک درست نہیں ہے۔ نیا لنک لینے کے لیے صفحہ دوبارہ لوڈ کریں۔',
  ],
  [
    'This image link has expired. Reload the page to get a new one.',
    'تصویر کے اس لنک کی میعاد ختم ہو چکی ہے۔ نیا لنک لینے کے لیے صفحہ دوبارہ لوڈ کریں۔',
  ],
];

let byEnglish: ReadonlyMap<string, string> | undefined;

/** The Urdu of one of the server's own sentences, if it has one. */
export function serverSentenceUr(english: string): string | undefined {
  byEnglish ??= new Map(pairs());
  return byEnglish.get(english);
}
