/**
 * The add and update product form: every product field, the thumbnail uploaded on submit with
 * its progress (once, also when a refused save is sent again), the rules of productFormSchema
 * checked in their order with the first broken one shown by its field, and the server's
 * answer or 'Something went wrong, try again!' on failure.
 */
import { type KeyboardEvent, useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'react-toastify';
import { createProduct, isChangedSinceLoaded, updateProduct } from 'shared-api';
import { MARKETPLACES, MESSAGES, PRODUCT_CATEGORIES, type Product, REVIEW_TYPES } from 'shared-api/contract';
import { ChangedSinceLoaded } from 'shared-ui/changed-since-loaded';
import { Field } from 'shared-ui/form/field';
import { ChoiceField, SelectField, TextField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { FormAlert } from 'shared-ui/form/form-alert';
import { ImageField, useImageUploads } from 'shared-ui/form/image-field';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { CHANGES, useWrite } from 'shared-ui/lib/mutations';
import { ListEditor } from 'shared-ui/list-editor';
import {
  emptyProductValues,
  PRODUCT_RULE_ORDER,
  type ProductFormOutput,
  productFormSchema,
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
  /** loads the stored product again (offered when someone changed it since it was loaded) */
  onReload?: () => void;
}

/** Categories offered: the presets, and the product's own when it is not one of them. */
function initialCategories(product: Product | undefined): string[] {
  const presets: string[] = [...PRODUCT_CATEGORIES];
  const own = product?.productCategory.trim();
  return own && !presets.some((c) => c.toLowerCase() === own.toLowerCase()) ? [...presets, own] : presets;
}

const REVIEW_TYPE_CHOICES = REVIEW_TYPES.map((type) => ({ value: type, label: type }));
const LISTS = [
  ['guidelines', 'review guidelines'],
  ['marketerInstructions', 'marketer instructions'],
  ['commissionPolicies', 'commission policies'],
] as const;

export function ProductForm({ product, isAdmin, onBack, onReload }: ProductFormProps) {
  const formId = useId();
  const sectionId = (section: string) => `${formId}-${section}`;
  const form = useZodForm(productFormSchema, {
    defaultValues: product ? productValues(product) : emptyProductValues(),
    oneErrorInOrder: PRODUCT_RULE_ORDER,
  });
  const uploads = useImageUploads();
  const [categories, setCategories] = useState<string[]>(() => initialCategories(product));
  const [customCategory, setCustomCategory] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const save = useWrite(
    async (values: ProductFormOutput) => {
      const image = await uploads.upload('image', values.image);
      if (!image) throw new Error(MESSAGES.thumbnailRequired);
      const input = productInput(values, image, isAdmin);
      // an edit carries the version it was loaded at, so it never overwrites a change made since
      return product ? updateProduct(product._id, { ...input, version: product.version }) : createProduct(input);
    },
    {
      changes: CHANGES.product,
      onSuccess: (saved) => {
        toast.success(product ? MESSAGES.productUpdated : MESSAGES.productCreated);
        if (!isAdmin && saved.status === 'pending') {
          if (!product) toast.info(PRODUCT_TEXTS.awaitingApproval);
          else if (product.status === 'approved') toast.info(PRODUCT_TEXTS.backToPending);
        }
        onBack();
      },
    },
  );
  const busy = save.isPending;
  // someone changed the product since it was loaded: their name and time, and a reload
  const changedSince = onReload && isChangedSinceLoaded(save.error) ? save.error.message : null;
  const { control } = form;

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
    form.setValue('productCategory', name);
    setCustomCategory('');
    setCustomError(null);
  }

  function onCustomKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter adds the category; it must not submit the product
    event.preventDefault();
    addCustomCategory();
  }

  const amountField = (
    name: 'price' | 'comission' | 'comissionWithTextReview' | 'comissionWithPictureReview' | 'comissionWithVideoReview',
    label: string,
    required = false,
  ) => <TextField control={control} name={name} label={label} type="number" inputMode="decimal" required={required} />;

  const listMode = product ? 'inline' : 'enter';

  return (
    <div className="admin-product-form-wrap">
      <div className="admin-product-form-top">
        <button type="button" className="ui-button" onClick={onBack}>
          <span aria-hidden="true">←</span> Back
        </button>
      </div>
      <Form form={form} onSubmit={save.mutate} busy={busy} className="admin-product-form">
        <fieldset className="admin-product-form-body" disabled={busy}>
          <section className="admin-product-form-card" aria-labelledby={sectionId('about')}>
            <h2 id={sectionId('about')}>product</h2>
            <div className="admin-product-form-grid">
              <TextField control={control} name="name" label="name" required />
              <TextField control={control} name="productId" label="product id" required placeholder="e.g. B0CXYZ1234" />
              <TextField
                control={control}
                name="description"
                label="description"
                multiline
                rows={4}
                className="admin-product-form-wide"
              />
              <TextField control={control} name="category" label="category" required />
              <SelectField control={control} name="marketPlace" label="marketplace">
                {MARKETPLACES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </SelectField>
              <SelectField control={control} name="productCategory" label="product category">
                <option value="">select a category</option>
                {categories.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </SelectField>
              <Field id={sectionId('customCategory')} label="custom category" error={customError}>
                {(tie) => (
                  <div className="admin-product-form-inline">
                    <input
                      {...tie}
                      className="ui-field-input"
                      type="text"
                      value={customCategory}
                      onChange={(event) => {
                        setCustomCategory(event.target.value);
                        setCustomError(null);
                      }}
                      onKeyDown={onCustomKeyDown}
                    />
                    <button type="button" className="ui-button" onClick={addCustomCategory}>
                      add category
                    </button>
                  </div>
                )}
              </Field>
              {isAdmin ? (
                <TextField
                  control={control}
                  name="productLink"
                  label="affiliate link"
                  type="url"
                  placeholder="https://"
                />
              ) : null}
              <TextField control={control} name="keyword" label="keyword" />
              <TextField control={control} name="brandName" label="brand name" />
              <TextField control={control} name="amzImage" label="AMZ image link" type="url" placeholder="https://" />
            </div>
          </section>

          <section className="admin-product-form-card" aria-labelledby={sectionId('money')}>
            <h2 id={sectionId('money')}>reviews and commission</h2>
            <ChoiceField
              control={control}
              name="reviewTypes"
              legend="review types"
              multiple
              hint="None chosen means 'no review'."
              choices={REVIEW_TYPE_CHOICES}
            />
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

          <section className="admin-product-form-card" aria-labelledby={sectionId('lists')}>
            <h2 id={sectionId('lists')}>guidelines and policies</h2>
            {LISTS.map(([name, label]) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <ListEditor label={label} items={field.value ?? []} onChange={field.onChange} mode={listMode} />
                )}
              />
            ))}
          </section>

          <section className="admin-product-form-card" aria-labelledby={sectionId('image')}>
            <h2 id={sectionId('image')}>product image</h2>
            <ImageField control={control} name="image" uploads={uploads} label="thumbnail" required disabled={busy} />
          </section>
        </fieldset>

        {changedSince ? null : (
          <FormAlert error={save.error} fallback={MESSAGES.productCreateFailed} className="admin-product-form-error" />
        )}
        {changedSince && onReload ? (
          <ChangedSinceLoaded message={changedSince} onReload={onReload} reloadLabel="reload the product" />
        ) : null}
        <div className="admin-product-form-submit">
          <SubmitButton busy={busy} busyLabel={product ? 'updating...' : 'Creating...'}>
            {product ? 'Update Product' : 'Create Product'}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
