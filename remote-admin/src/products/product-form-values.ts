/**
 * The product form's values, how a stored product fills them, the rules of SPEC.md section 5
 * checked in its order, and the payload the API takes.
 */
import {
  DEFAULT_MARKETPLACE,
  type Marketplace,
  MESSAGES,
  type Product,
  type ProductInput,
  type ReviewType,
} from 'shared-api/contract';
import { type ImageValue, imageFromUrl } from 'shared-ui/lib/image-value';
import { PRODUCT_TEXTS } from './product-texts';

export interface ProductFormValues {
  name: string;
  productId: string;
  description: string;
  category: string;
  productCategory: string;
  marketPlace: Marketplace;
  productLink: string;
  keyword: string;
  brandName: string;
  amzImage: string;
  reviewTypes: ReviewType[];
  /** amounts as typed; checked and converted on submit */
  price: string;
  comission: string;
  comissionWithTextReview: string;
  comissionWithPictureReview: string;
  comissionWithVideoReview: string;
  guidelines: string[];
  marketerInstructions: string[];
  commissionPolicies: string[];
  thumbnail: ImageValue | null;
}

export type ProductField = keyof ProductFormValues;

export function emptyProductValues(): ProductFormValues {
  return {
    name: '',
    productId: '',
    description: '',
    category: '',
    productCategory: '',
    marketPlace: DEFAULT_MARKETPLACE,
    productLink: '',
    keyword: '',
    brandName: '',
    amzImage: '',
    reviewTypes: [],
    price: '',
    comission: '',
    comissionWithTextReview: '',
    comissionWithPictureReview: '',
    comissionWithVideoReview: '',
    guidelines: [],
    marketerInstructions: [],
    commissionPolicies: [],
    thumbnail: null,
  };
}

const amountText = (amount: number | null) => (amount === null ? '' : String(amount));

export function productValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    productId: product.productId,
    description: product.description,
    category: product.category,
    productCategory: product.productCategory,
    marketPlace: product.marketPlace,
    productLink: product.productLink,
    keyword: product.keyword,
    brandName: product.brandName,
    amzImage: product.amzImage,
    reviewTypes: product.reviewTypes.map((type) => type.title),
    price: amountText(product.price),
    comission: amountText(product.comission),
    comissionWithTextReview: amountText(product.comissionWithTextReview),
    comissionWithPictureReview: amountText(product.comissionWithPictureReview),
    comissionWithVideoReview: amountText(product.comissionWithVideoReview),
    guidelines: product.guidelines,
    marketerInstructions: product.marketerInstructions,
    commissionPolicies: product.commissionPolicies,
    thumbnail: imageFromUrl(product.image),
  };
}

/** A typed amount as a number; blank or unreadable is NaN. */
function amount(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

export interface ProductProblem {
  field: ProductField;
  message: string;
}

const REVIEW_COMMISSIONS = [
  ['comissionWithTextReview', 'text'],
  ['comissionWithPictureReview', 'picture'],
  ['comissionWithVideoReview', 'video'],
] as const;

/**
 * The first rule the values break, in SPEC.md's order (name, category, price, commission,
 * thumbnail), then the form's own (product id, the optional per-review commissions); null when none.
 * On update the stored image is the thumbnail's value, so it satisfies the thumbnail rule.
 */
export function firstProductProblem(values: ProductFormValues): ProductProblem | null {
  if (!values.name.trim()) return { field: 'name', message: MESSAGES.productNameRequired };
  if (!values.category.trim()) return { field: 'category', message: MESSAGES.categoryRequired };
  const price = amount(values.price);
  if (!Number.isFinite(price) || price <= 0) return { field: 'price', message: MESSAGES.pricePositive };
  const comission = amount(values.comission);
  if (!Number.isFinite(comission) || comission < 0) return { field: 'comission', message: MESSAGES.commissionRequired };
  if (!values.thumbnail) return { field: 'thumbnail', message: MESSAGES.thumbnailRequired };
  if (!values.productId.trim()) return { field: 'productId', message: PRODUCT_TEXTS.productIdRequired };
  for (const [field, kind] of REVIEW_COMMISSIONS) {
    const text = values[field];
    if (text.trim() === '') continue;
    const value = amount(text);
    if (!Number.isFinite(value) || value < 0) return { field, message: PRODUCT_TEXTS.reviewCommissionInvalid(kind) };
  }
  return null;
}

/** Trimmed, empty items left out. */
export function cleanList(items: ReadonlyArray<string>): string[] {
  return items.map((item) => item.trim()).filter((item) => item.length > 0);
}

/**
 * The payload for POST /api/products and PUT /api/products/:id/update, with the thumbnail's URL.
 * The affiliate link goes only from an admin (the server ignores a manager's anyway).
 */
export function productInput(values: ProductFormValues, image: string, isAdmin: boolean): ProductInput {
  const optionalAmount = (text: string) => (text.trim() === '' ? null : Number(text));
  return {
    name: values.name.trim(),
    productId: values.productId.trim(),
    description: values.description.trim(),
    category: values.category.trim(),
    productCategory: values.productCategory.trim(),
    marketPlace: values.marketPlace,
    ...(isAdmin ? { productLink: values.productLink.trim() } : {}),
    keyword: values.keyword.trim(),
    brandName: values.brandName.trim(),
    amzImage: values.amzImage.trim(),
    price: Number(values.price),
    comission: Number(values.comission),
    comissionWithTextReview: optionalAmount(values.comissionWithTextReview),
    comissionWithPictureReview: optionalAmount(values.comissionWithPictureReview),
    comissionWithVideoReview: optionalAmount(values.comissionWithVideoReview),
    image,
    reviewTypes: values.reviewTypes.map((title) => ({ title })),
    guidelines: cleanList(values.guidelines),
    marketerInstructions: cleanList(values.marketerInstructions),
    commissionPolicies: cleanList(values.commissionPolicies),
  };
}
