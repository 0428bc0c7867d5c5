/**
 * The product form's schema, values and payload. The rules are the contract's
 * productInputSchema (the API applies the same), with what the form adds: the product id is
 * required, a review commission may not be negative, and the thumbnail is an image chosen
 * here (uploaded on submit). The form shows one broken rule at a time, in PRODUCT_RULE_ORDER.
 */

import {
  DEFAULT_MARKETPLACE,
  MESSAGES,
  type Product,
  type ProductInput,
  productInputSchema,
  requiredImageSchema,
} from 'shared-api/contract';
import { imageFromUrl } from 'shared-ui/lib/image-value';
import { z } from 'zod';
import { PRODUCT_TEXTS, type ReviewCommissionKind } from './product-texts';

/** A review commission as typed: blank (none), or an amount that is not negative. */
const reviewCommission = (
  field: 'comissionWithTextReview' | 'comissionWithPictureReview' | 'comissionWithVideoReview',
  kind: ReviewCommissionKind,
) =>
  z
    .string()
    // the message is read when the rule breaks, so it comes in the language chosen then
    .refine((text) => text.trim() === '' || Number(text) >= 0, {
      error: () => PRODUCT_TEXTS.reviewCommissionInvalid(kind),
    })
    // then the contract's own rule for the amount (blank is none, at most 10,000,000)
    .transform((text): unknown => text)
    .pipe(productInputSchema.shape[field]);

export const productFormSchema = productInputSchema.extend({
  productId: productInputSchema.shape.productId.refine((id) => id.length > 0, {
    error: () => PRODUCT_TEXTS.productIdRequired,
  }),
  comissionWithTextReview: reviewCommission('comissionWithTextReview', 'text'),
  comissionWithPictureReview: reviewCommission('comissionWithPictureReview', 'picture'),
  comissionWithVideoReview: reviewCommission('comissionWithVideoReview', 'video'),
  image: requiredImageSchema(MESSAGES.thumbnailRequired),
});

export type ProductFormValues = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;

/** The order the rules are checked in: name, category, price, commission, thumbnail, then the form's own. */
export const PRODUCT_RULE_ORDER = [
  'name',
  'category',
  'price',
  'comission',
  'image',
  'productId',
  'comissionWithTextReview',
  'comissionWithPictureReview',
  'comissionWithVideoReview',
] as const;

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
    image: null,
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
    image: imageFromUrl(product.image),
  };
}

/**
 * The payload for POST /api/products and PUT /api/products/:id/update, with the thumbnail's URL.
 * The affiliate link goes only from an admin (the server ignores a manager's anyway).
 */
export function productInput(values: ProductFormOutput, image: string, isAdmin: boolean): ProductInput {
  const { productLink, description, ...rest } = values;
  return { ...rest, description: description.trim(), ...(isAdmin ? { productLink } : {}), image };
}
