/**
 * The add and update product form (SPEC.md section 2): every product field, the thumbnail
 * uploaded on submit with its progress, the rules of section 5 checked in their order with
 * the first failure shown, and the server's answer or SPEC.md's fallback on failure.
 */
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { createProduct, errorMessage, updateProduct } from 'shared-api';
import {
  MARKETPLACES,
  type Marketplace,
  MESSAGES,
  PRODUCT_CATEGORIES,
  type Product,
  productInputSchema,
  REVIEW_TYPES,
  type ReviewType,
} from 'shared-api/contract';
import { ImagePicker } from 'shared-ui/image-picker';
import { resolveImage } from 'shared-ui/lib/image-value';
import { ListEditor } from 'shared-ui/list-editor';
import {
  emptyProductValues,
  firstProductProblem,
  type ProductField,
  type ProductFormValues,
  productInput,
  productValues,
} from './product-form-values';
import { PRODUCT_TEXTS } from './product-texts';
import './product-form.css';

export interface ProductFormProps {
  /** the stored product to update; without one the form adds a product */
  product?: Product;
  /** shows the admin-only affiliate link field (and sends it) */
  isAdmin: boolean;
  /** the Back button, and where a saved product leads */
  onBack: () => void;
}

interface FormError {
  message: string;
  /** the field the message is about, if any */
  field: ProductField | null;
}

function RequiredMark() {
  return (
    <span className="admin-product-form-required" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/** Categories offered: the presets, and the product's own when it is not one of them. */
function initialCategories(product: Product | undefined): string[] {
  const presets: string[] = [...PRODUCT_CATEGORIES];
  const own = product?.productCategory.trim();
  return own && !presets.some((c) => c.toLowerCase() === own.toLowerCase()) ? [...presets, own] : presets;
}

export function ProductForm({ product, isAdmin, onBack }: ProductFormProps) {
  const formId = useId();
  const fieldId = (field: string) => `${formId}-${field}`;
  const errorId = fieldId('error');

  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? productValues(product) : emptyProductValues(),
  );
  const [categories, setCategories] = useState<string[]>(() => initialCategories(product));
  const [customCategory, setCustomCategory] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  function set<K extends ProductField>(field: K, value: ProductFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function toggleReviewType(type: ReviewType, checked: boolean) {
    const chosen = new Set(values.reviewTypes);
    if (checked) chosen.add(type);
    else chosen.delete(type);
    set(
      'reviewTypes',
      REVIEW_TYPES.filter((t) => chosen.has(t)),
    );
  }

  function addCustomCategory() {
    const name = customCategory.trim();
    if (!name) {
      setCustomError(PRODUCT_TEXTS.customCategoryEmpty);
      return;
    }
    if (categories.some((c) => c.toLowerCase() === name.toLowerCase())) {
      setCustomError(PRODUCT_TEXTS.customCategoryDuplicate);
      return;
    }
    setCategories([...categories, name]);
    set('productCategory', name);
    setCustomCategory('');
    setCustomError(null);
  }

  function onCustomKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter adds the category; it must not submit the product
    event.preventDefault();
    addCustomCategory();
  }

  function showError(next: FormError) {
    setError(next);
    if (next.field) {
      const field = next.field;
      // after the render that marks it invalid
      setTimeout(() => document.getElementById(fieldId(field))?.focus());
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = firstProductProblem(values);
    if (problem) {
      showError(problem);
      return;
    }
    // the contract's own limits (lengths, sizes), checked before anything is uploaded
    const check = productInputSchema.safeParse(productInput(values, values.thumbnail?.url ?? 'to-upload', isAdmin));
    if (!check.success) {
      const issue = check.error.issues[0];
      const field = issue?.path[0];
      showError({
        message: issue?.message ?? MESSAGES.productCreateFailed,
        field: typeof field === 'string' && field in values ? (field as ProductField) : null,
      });
      return;
    }

    setError(null);
    setBusy(true);
    try {
      const picked = values.thumbnail;
      const image = await resolveImage(picked, (fraction) => setProgress(fraction));
      setProgress(null);
      if (!image) throw new Error(MESSAGES.thumbnailRequired);
      if (picked?.file) {
        // uploaded: a retry after a refused save does not upload it again
        set('thumbnail', { url: image, file: null, previewUrl: picked.previewUrl });
      }
      const input = productInput(values, image, isAdmin);
      const saved = product ? await updateProduct(product._id, input) : await createProduct(input);
      toast.success(product ? MESSAGES.productUpdated : MESSAGES.productCreated);
      if (!isAdmin && saved.status === 'pending') {
        if (!product) toast.info(PRODUCT_TEXTS.awaitingApproval);
        else if (product.status === 'approved') toast.info(PRODUCT_TEXTS.backToPending);
      }
      onBack();
    } catch (failure) {
      setError({ message: errorMessage(failure, MESSAGES.productCreateFailed), field: null });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  /** the attributes that tie a field to the form's message when the message is about it */
  const invalid = (field: ProductField) =>
    error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

  const textField = (
    field: 'name' | 'productId' | 'category' | 'productLink' | 'keyword' | 'brandName' | 'amzImage',
    label: string,
    options: { required?: boolean; type?: 'text' | 'url'; hint?: ReactNode; placeholder?: string } = {},
  ) => (
    <div className="admin-product-form-field">
      <label htmlFor={fieldId(field)}>
        {label}
        {options.required ? <RequiredMark /> : null}
      </label>
      <input
        id={fieldId(field)}
        type={options.type ?? 'text'}
        value={values[field]}
        required={options.required}
        placeholder={options.placeholder}
        onChange={(event) => set(field, event.target.value)}
        {...invalid(field)}
      />
      {options.hint ? <p className="admin-product-form-hint">{options.hint}</p> : null}
    </div>
  );

  const amountField = (
    field:
      | 'price'
      | 'comission'
      | 'comissionWithTextReview'
      | 'comissionWithPictureReview'
      | 'comissionWithVideoReview',
    label: string,
    required = false,
  ) => (
    <div className="admin-product-form-field">
      <label htmlFor={fieldId(field)}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input
        id={fieldId(field)}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={values[field]}
        required={required}
        onChange={(event) => set(field, event.target.value)}
        {...invalid(field)}
      />
    </div>
  );

  const submitLabel = product ? (busy ? 'updating...' : 'Update Product') : busy ? 'Creating...' : 'Create Product';
  const listMode = product ? 'inline' : 'enter';

  return (
    <div className="admin-product-form-wrap">
      <div className="admin-product-form-top">
        <button type="button" className="ui-button" onClick={onBack}>
          <span aria-hidden="true">←</span> Back
        </button>
      </div>
      <form className="admin-product-form" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <fieldset className="admin-product-form-body" disabled={busy}>
          <section className="admin-product-form-card" aria-labelledby={fieldId('about')}>
            <h2 id={fieldId('about')}>product</h2>
            <div className="admin-product-form-grid">
              {textField('name', 'name', { required: true })}
              {textField('productId', 'product id', { required: true, placeholder: 'e.g. B0CXYZ1234' })}
              <div className="admin-product-form-field admin-product-form-wide">
                <label htmlFor={fieldId('description')}>description</label>
                <textarea
                  id={fieldId('description')}
                  rows={4}
                  value={values.description}
                  onChange={(event) => set('description', event.target.value)}
                />
              </div>
              {textField('category', 'category', { required: true })}
              <div className="admin-product-form-field">
                <label htmlFor={fieldId('marketPlace')}>marketplace</label>
                <select
                  id={fieldId('marketPlace')}
                  value={values.marketPlace}
                  onChange={(event) => set('marketPlace', event.target.value as Marketplace)}
                >
                  {MARKETPLACES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              </div>
              <div className="admin-product-form-field">
                <label htmlFor={fieldId('productCategory')}>product category</label>
                <select
                  id={fieldId('productCategory')}
                  value={values.productCategory}
                  onChange={(event) => set('productCategory', event.target.value)}
                >
                  <option value="">select a category</option>
                  {categories.map((category) => (
                    <option key={category} value={category}>
                      {category}
                    </option>
                  ))}
                </select>
              </div>
              <div className="admin-product-form-field">
                <label htmlFor={fieldId('customCategory')}>custom category</label>
                <div className="admin-product-form-inline">
                  <input
                    id={fieldId('customCategory')}
                    type="text"
                    value={customCategory}
                    onChange={(event) => {
                      setCustomCategory(event.target.value);
                      setCustomError(null);
                    }}
                    onKeyDown={onCustomKeyDown}
                    aria-invalid={customError ? true : undefined}
                    aria-describedby={customError ? fieldId('customCategoryError') : undefined}
                  />
                  <button type="button" className="ui-button" onClick={addCustomCategory}>
                    add category
                  </button>
                </div>
                {customError ? (
                  <p id={fieldId('customCategoryError')} className="admin-product-form-field-error" role="alert">
                    {customError}
                  </p>
                ) : null}
              </div>
              {isAdmin ? textField('productLink', 'affiliate link', { type: 'url', placeholder: 'https://' }) : null}
              {textField('keyword', 'keyword')}
              {textField('brandName', 'brand name')}
              {textField('amzImage', 'AMZ image link', { type: 'url', placeholder: 'https://' })}
            </div>
          </section>

          <section className="admin-product-form-card" aria-labelledby={fieldId('money')}>
            <h2 id={fieldId('money')}>reviews and commission</h2>
            <fieldset className="admin-product-form-choices">
              <legend>review types</legend>
              {REVIEW_TYPES.map((type) => (
                <label key={type} className="admin-product-form-choice">
                  <input
                    type="checkbox"
                    checked={values.reviewTypes.includes(type)}
                    onChange={(event) => toggleReviewType(type, event.target.checked)}
                  />
                  {type}
                </label>
              ))}
              <p className="admin-product-form-hint">None chosen means 'no review'.</p>
            </fieldset>
            <div className="admin-product-form-grid">
              {amountField('price', 'price', true)}
              {amountField('comission', 'commission without review', true)}
              {amountField('comissionWithTextReview', 'commission with text review')}
              {amountField('comissionWithPictureReview', 'commission with picture review')}
              {amountField('comissionWithVideoReview', 'commission with video review')}
            </div>
            <p className="admin-product-form-hint">
              Commissions are in Rs. Leave a review commission empty to pay the commission without review for it.
            </p>
          </section>

          <section className="admin-product-form-card" aria-labelledby={fieldId('lists')}>
            <h2 id={fieldId('lists')}>guidelines and policies</h2>
            <ListEditor
              label="review guidelines"
              items={values.guidelines}
              onChange={(items) => set('guidelines', items)}
              mode={listMode}
            />
            <ListEditor
              label="marketer instructions"
              items={values.marketerInstructions}
              onChange={(items) => set('marketerInstructions', items)}
              mode={listMode}
            />
            <ListEditor
              label="commission policies"
              items={values.commissionPolicies}
              onChange={(items) => set('commissionPolicies', items)}
              mode={listMode}
            />
          </section>

          <section className="admin-product-form-card" aria-labelledby={fieldId('image')}>
            <h2 id={fieldId('image')}>product image</h2>
            <ImagePicker
              id={fieldId('thumbnail')}
              label="thumbnail"
              value={values.thumbnail}
              onChange={(next) => set('thumbnail', next)}
              required
              progress={progress}
              disabled={busy}
            />
          </section>
        </fieldset>

        {error ? (
          <p id={errorId} className="admin-product-form-error" role="alert">
            {error.message}
          </p>
        ) : null}
        <div className="admin-product-form-submit">
          <button type="submit" className="ui-button ui-button-primary" disabled={busy} aria-busy={busy || undefined}>
            {submitLabel}
          </button>
        </div>
      </form>
    </div>
  );
}
