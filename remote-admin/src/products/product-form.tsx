/**
 * The add and update product form: every product field, the thumbnail uploaded on submit with
 * its progress (once, also when a refused save is sent again), the rules of productFormSchema
 * checked in their order with the first broken one shown by its field, and the server's
 * answer or 'Something went wrong, try again!' on failure.
 */
import { type KeyboardEvent, useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'react-toastify';
import { createProduct, isChangedSinceLoaded, translateMessage, updateProduct, useMessages } from 'shared-api';
import {
  MARKETPLACES,
  MESSAGES,
  PRODUCT_CATEGORIES,
  type Product,
  REVIEW_TYPES,
  type ReviewType,
} from 'shared-api/contract';
import { ChangedSinceLoaded } from 'shared-ui/changed-since-loaded';
import { Field } from 'shared-ui/form/field';
import { ChoiceField, SelectField, TextField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { FormAlert } from 'shared-ui/form/form-alert';
import { ImageField, useImageUploads } from 'shared-ui/form/image-field';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { CHANGES, useWrite } from 'shared-ui/lib/mutations';
import { ListEditor } from 'shared-ui/list-editor';
import { type ProductsKey, useT } from './i18n';
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

const REVIEW_TYPE_LABELS: Record<ReviewType, ProductsKey> = {
  text: 'admin.products.form.reviewType.text',
  picture: 'admin.products.form.reviewType.picture',
  video: 'admin.products.form.reviewType.video',
  rating: 'admin.products.form.reviewType.rating',
  'no review': 'admin.products.form.reviewType.noReview',
};
const LISTS = [
  ['guidelines', 'admin.products.form.guidelines'],
  ['marketerInstructions', 'admin.products.form.marketerInstructions'],
  ['commissionPolicies', 'admin.products.form.commissionPolicies'],
] as const;

export function ProductForm({ product, isAdmin, onBack, onReload }: ProductFormProps) {
  const t = useT();
  const messages = useMessages();
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
      if (!image) throw new Error(translateMessage(MESSAGES.thumbnailRequired));
      const input = productInput(values, image, isAdmin);
      // an edit carries the version it was loaded at, so it never overwrites a change made since
      return product ? updateProduct(product._id, { ...input, version: product.version }) : createProduct(input);
    },
    {
      changes: CHANGES.product,
      onSuccess: (saved) => {
        toast.success(translateMessage(product ? MESSAGES.productUpdated : MESSAGES.productCreated));
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
          <span aria-hidden="true" className="admin-product-form-back-arrow">
            ←
          </span>{' '}
          {t('admin.products.form.back')}
        </button>
      </div>
      <Form form={form} onSubmit={save.mutate} busy={busy} className="admin-product-form">
        <fieldset className="admin-product-form-body" disabled={busy}>
          <section className="admin-product-form-card" aria-labelledby={sectionId('about')}>
            <h2 id={sectionId('about')}>{t('admin.products.form.product')}</h2>
            <div className="admin-product-form-grid">
              <TextField control={control} name="name" label={t('admin.products.form.name')} required />
              <TextField
                control={control}
                name="productId"
                label={t('admin.products.form.productId')}
                required
                placeholder={t('admin.products.form.productIdPlaceholder')}
              />
              <TextField
                control={control}
                name="description"
                label={t('admin.products.form.description')}
                multiline
                rows={4}
                className="admin-product-form-wide"
              />
              <TextField control={control} name="category" label={t('admin.products.form.category')} required />
              <SelectField control={control} name="marketPlace" label={t('admin.products.form.marketplace')}>
                {MARKETPLACES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </SelectField>
              <SelectField control={control} name="productCategory" label={t('admin.products.form.productCategory')}>
                <option value="">{t('admin.products.form.selectCategory')}</option>
                {categories.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </SelectField>
              <Field
                id={sectionId('customCategory')}
                label={t('admin.products.form.customCategory')}
                error={customError}
              >
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
                      {t('admin.products.form.addCategory')}
                    </button>
                  </div>
                )}
              </Field>
              {isAdmin ? (
                <TextField
                  control={control}
                  name="productLink"
                  label={t('admin.products.form.affiliateLink')}
                  type="url"
                  placeholder="https://"
                />
              ) : null}
              <TextField control={control} name="keyword" label={t('admin.products.form.keyword')} />
              <TextField control={control} name="brandName" label={t('admin.products.form.brandName')} />
              <TextField
                control={control}
                name="amzImage"
                label={t('admin.products.form.amzImage')}
                type="url"
                placeholder="https://"
              />
            </div>
          </section>

          <section className="admin-product-form-card" aria-labelledby={sectionId('money')}>
            <h2 id={sectionId('money')}>{t('admin.products.form.money')}</h2>
            <ChoiceField
              control={control}
              name="reviewTypes"
              legend={t('admin.products.form.reviewTypes')}
              multiple
              hint={t('admin.products.form.reviewTypesHint')}
              choices={REVIEW_TYPES.map((type) => ({ value: type, label: t(REVIEW_TYPE_LABELS[type]) }))}
            />
            <div className="admin-product-form-grid">
              {amountField('price', t('admin.products.form.price'), true)}
              {amountField('comission', t('admin.products.form.commission'), true)}
              {amountField('comissionWithTextReview', t('admin.products.form.commissionText'))}
              {amountField('comissionWithPictureReview', t('admin.products.form.commissionPicture'))}
              {amountField('comissionWithVideoReview', t('admin.products.form.commissionVideo'))}
            </div>
            <p className="admin-product-form-hint">{t('admin.products.form.commissionHint')}</p>
          </section>

          <section className="admin-product-form-card" aria-labelledby={sectionId('lists')}>
            <h2 id={sectionId('lists')}>{t('admin.products.form.lists')}</h2>
            {LISTS.map(([name, label]) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <ListEditor label={t(label)} items={field.value ?? []} onChange={field.onChange} mode={listMode} />
                )}
              />
            ))}
          </section>

          <section className="admin-product-form-card" aria-labelledby={sectionId('image')}>
            <h2 id={sectionId('image')}>{t('admin.products.form.image')}</h2>
            <ImageField
              control={control}
              name="image"
              uploads={uploads}
              label={t('admin.products.form.thumbnail')}
              required
              disabled={busy}
            />
          </section>
        </fieldset>

        {changedSince ? null : (
          <FormAlert error={save.error} fallback={messages.productCreateFailed} className="admin-product-form-error" />
        )}
        {changedSince && onReload ? (
          <ChangedSinceLoaded
            message={changedSince}
            onReload={onReload}
            reloadLabel={t('admin.products.form.reload')}
          />
        ) : null}
        <div className="admin-product-form-submit">
          <SubmitButton
            busy={busy}
            busyLabel={product ? t('admin.products.form.updating') : t('admin.products.form.creating')}
          >
            {product ? t('admin.products.form.update') : t('admin.products.form.create')}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
