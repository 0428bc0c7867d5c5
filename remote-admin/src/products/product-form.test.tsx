import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { ApiError, createProduct, updateProduct, uploadImage } from 'shared-api';
import { MESSAGES, type Product, type ProductInput } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productFixture } from '../../../shared-ui/src/test/fixtures';
import { renderWithQueries } from '../../../shared-ui/src/test/render';
import { ProductForm, type ProductFormProps } from './product-form';
import { PRODUCT_TEXTS } from './product-texts';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  createProduct: vi.fn(),
  updateProduct: vi.fn(),
  uploadImage: vi.fn(),
}));

const UPLOADED = 'http://localhost:8000/uploads/thumb-1.png';
const png = () => new File([new Uint8Array(64)], 'thumb.png', { type: 'image/png' });

function renderForm(props: Partial<ProductFormProps> = {}) {
  const onBack = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderWithQueries(
    <>
      <ProductForm isAdmin onBack={onBack} {...props} />
      <ToastContainer />
    </>,
  );
  return { user, onBack };
}

const field = (name: RegExp | string) => screen.getByLabelText(name);
const submit = (label: string) => screen.getByRole('button', { name: label });
/** the form's one message (custom-category messages are another alert) */
const formMessage = () => screen.getByRole('alert');

/** Types a text at once (a paste), as a quick person would. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.clear(element);
  await user.click(element);
  await user.paste(text);
}

/** Fills every field the product form's rules require (and the product id) so the form can be sent. */
async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, field(/^name/), 'Desk Lamp');
  await fill(user, field(/^product id/), 'B0LAMP0001');
  await fill(user, field(/^category/), 'Lighting');
  await fill(user, field(/^price/), '19.99');
  await fill(user, field(/^commission without review/), '300');
  await user.upload(field(/^thumbnail/), png());
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:thumb-preview');
  URL.revokeObjectURL = vi.fn();
  vi.mocked(uploadImage).mockImplementation(async (_file, onProgress) => {
    onProgress?.(0.5);
    return UPLOADED;
  });
  vi.mocked(createProduct).mockImplementation(async (input: ProductInput) =>
    productFixture({ _id: 'new-product', name: String(input.name), status: 'approved' }),
  );
  vi.mocked(updateProduct).mockImplementation(async (id: string, input: ProductInput) =>
    productFixture({ _id: id, name: String(input.name) }),
  );
});

afterEach(() => vi.clearAllMocks());

// a form filled field by field takes a few seconds on a busy machine
vi.setConfig({ testTimeout: 20_000 });

describe('ProductForm rules', () => {
  it('shows only the first broken rule when several are broken, and sends nothing', async () => {
    const { user } = renderForm();
    await user.click(submit('Create Product'));

    await waitFor(() => expect(formMessage()).toHaveTextContent(MESSAGES.productNameRequired));
    expect(screen.queryByText(MESSAGES.categoryRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.pricePositive)).not.toBeInTheDocument();
    expect(field(/^name/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field(/^name/)).toHaveFocus());
    expect(createProduct).not.toHaveBeenCalled();
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it('checks name, category, price, commission and thumbnail in that order', async () => {
    const { user } = renderForm();
    const expectMessage = async (message: string) => {
      await user.click(submit('Create Product'));
      await waitFor(() => expect(formMessage()).toHaveTextContent(message));
    };

    await expectMessage(MESSAGES.productNameRequired);
    await fill(user, field(/^name/), '   ');
    await expectMessage(MESSAGES.productNameRequired);
    await fill(user, field(/^name/), 'Desk Lamp');
    await expectMessage(MESSAGES.categoryRequired);
    await fill(user, field(/^category/), 'Lighting');
    await expectMessage(MESSAGES.pricePositive);
    await fill(user, field(/^price/), '0');
    await expectMessage(MESSAGES.pricePositive);
    await user.clear(field(/^price/));
    await fill(user, field(/^price/), '-4');
    await expectMessage(MESSAGES.pricePositive);
    await user.clear(field(/^price/));
    await fill(user, field(/^price/), '19.99');
    await expectMessage(MESSAGES.commissionRequired);
    await fill(user, field(/^commission without review/), '-1');
    await expectMessage(MESSAGES.commissionRequired);
    await user.clear(field(/^commission without review/));
    await fill(user, field(/^commission without review/), '0');
    await expectMessage(MESSAGES.thumbnailRequired);
    await user.upload(field(/^thumbnail/), png());
    await expectMessage(PRODUCT_TEXTS.productIdRequired);
    await fill(user, field(/^product id/), 'B0LAMP0001');
    await user.click(submit('Create Product'));

    await waitFor(() => expect(createProduct).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(PRODUCT_TEXTS.productIdRequired)).not.toBeInTheDocument();
  });

  it('refuses a negative commission for a review type', async () => {
    const { user } = renderForm();
    await fillValid(user);
    await fill(user, field('commission with video review'), '-5');
    await user.click(submit('Create Product'));
    await waitFor(() => expect(formMessage()).toHaveTextContent(PRODUCT_TEXTS.reviewCommissionInvalid('video')));
    expect(createProduct).not.toHaveBeenCalled();
  });

  it('keeps every value after a refusal', async () => {
    const { user } = renderForm();
    await fill(user, field(/^name/), 'Desk Lamp');
    await fill(user, field(/^price/), '19.99');
    await user.click(submit('Create Product'));
    await waitFor(() => expect(formMessage()).toHaveTextContent(MESSAGES.categoryRequired));
    expect(field(/^name/)).toHaveValue('Desk Lamp');
    expect(field(/^price/)).toHaveValue(19.99);
  });
});

describe('ProductForm custom category', () => {
  it('adds a custom category to the list and selects it', async () => {
    const { user } = renderForm();
    const select = field('product category');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'select a category',
      'Electronics',
      'Fashion & Apparel',
      'Home & Kitchen',
      'Health & Beauty',
      'Sports & Outdoors',
    ]);

    await fill(user, field('custom category'), '  Toys & Games ');
    await user.click(screen.getByRole('button', { name: 'add category' }));

    expect(select).toHaveValue('Toys & Games');
    expect(within(select).getByRole('option', { name: 'Toys & Games' })).toBeInTheDocument();
    expect(field('custom category')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adds with Enter without sending the form', async () => {
    const { user } = renderForm();
    await user.type(field('custom category'), 'Garden{Enter}');
    expect(field('product category')).toHaveValue('Garden');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(createProduct).not.toHaveBeenCalled();
  });

  it('refuses an empty category and one already listed, with a message', async () => {
    const { user } = renderForm();
    const select = field('product category');
    const countOptions = () => within(select).getAllByRole('option').length;
    const before = countOptions();

    await fill(user, field('custom category'), '   ');
    await user.click(screen.getByRole('button', { name: 'add category' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PRODUCT_TEXTS.customCategoryEmpty);

    await user.clear(field('custom category'));
    await fill(user, field('custom category'), 'home & kitchen');
    await user.click(screen.getByRole('button', { name: 'add category' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PRODUCT_TEXTS.customCategoryDuplicate);
    expect(field('custom category')).toHaveValue('home & kitchen');
    expect(countOptions()).toBe(before);
    expect(select).toHaveValue('');
  });
});

describe('ProductForm fields by role', () => {
  it('shows the affiliate link to an admin and sends it', async () => {
    const { user } = renderForm({ isAdmin: true });
    await fillValid(user);
    await fill(user, field('affiliate link'), 'https://amzn.to/lamp');
    await user.click(submit('Create Product'));
    await waitFor(() => expect(createProduct).toHaveBeenCalled());
    expect(vi.mocked(createProduct).mock.calls[0]?.[0].productLink).toBe('https://amzn.to/lamp');
  });

  it('hides the affiliate link from a manager and sends none', async () => {
    const { user } = renderForm({ isAdmin: false });
    expect(screen.queryByLabelText('affiliate link')).not.toBeInTheDocument();
    await fillValid(user);
    await user.click(submit('Create Product'));
    await waitFor(() => expect(createProduct).toHaveBeenCalled());
    expect(vi.mocked(createProduct).mock.calls[0]?.[0]).not.toHaveProperty('productLink');
  });
});

describe('ProductForm adding', () => {
  it("reads 'Creating...' while the product is sent, with the upload's progress", async () => {
    let finish: (p: Product) => void = () => {};
    vi.mocked(createProduct).mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    let progress: (f: number) => void = () => {};
    let uploaded: (url: string) => void = () => {};
    vi.mocked(uploadImage).mockImplementation((_file, onProgress) => {
      progress = onProgress ?? progress;
      return new Promise((resolve) => (uploaded = resolve));
    });
    const { user, onBack } = renderForm();
    await fillValid(user);
    await user.click(submit('Create Product'));

    expect(screen.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    act(() => progress(0.4));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await act(async () => uploaded(UPLOADED));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Creating...' })).toBeDisabled();

    await act(async () => finish(productFixture({ status: 'approved' })));
    expect(await screen.findByText(MESSAGES.productCreated)).toBeInTheDocument();
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeEnabled();
  });

  it('sends every field, the uploaded thumbnail and the lists trimmed without empty items', async () => {
    const { user } = renderForm();
    await fillValid(user);
    await fill(user, field('description'), 'A warm desk lamp.');
    await user.selectOptions(field('marketplace'), 'DE');
    await user.selectOptions(field('product category'), 'Home & Kitchen');
    await user.click(screen.getByRole('checkbox', { name: 'video' }));
    await user.click(screen.getByRole('checkbox', { name: 'text' }));
    await fill(user, field('commission with text review'), '350');
    await fill(user, field('keyword'), 'desk lamp');
    await fill(user, field('brand name'), 'Glow');
    await user.type(screen.getByRole('textbox', { name: 'review guidelines' }), '  Be honest  {Enter}   {Enter}');
    await user.type(screen.getByRole('textbox', { name: 'marketer instructions' }), 'Search the keyword {Enter}');
    await user.click(submit('Create Product'));

    await waitFor(() => expect(createProduct).toHaveBeenCalledTimes(1));
    expect(uploadImage).toHaveBeenCalledWith(expect.any(File), expect.any(Function), undefined);
    expect(createProduct).toHaveBeenCalledWith({
      name: 'Desk Lamp',
      productId: 'B0LAMP0001',
      description: 'A warm desk lamp.',
      category: 'Lighting',
      productCategory: 'Home & Kitchen',
      marketPlace: 'DE',
      productLink: '',
      keyword: 'desk lamp',
      brandName: 'Glow',
      amzImage: '',
      price: 19.99,
      comission: 300,
      comissionWithTextReview: 350,
      comissionWithPictureReview: null,
      comissionWithVideoReview: null,
      image: UPLOADED,
      reviewTypes: [{ title: 'text' }, { title: 'video' }],
      guidelines: ['Be honest'],
      marketerInstructions: ['Search the keyword'],
      commissionPolicies: [],
    });
  });

  it('tells a manager that the new product awaits approval', async () => {
    vi.mocked(createProduct).mockResolvedValue(productFixture({ status: 'pending' }));
    const { user, onBack } = renderForm({ isAdmin: false });
    await fillValid(user);
    await user.click(submit('Create Product'));
    expect(await screen.findByText(MESSAGES.productCreated)).toBeInTheDocument();
    expect(await screen.findByText(PRODUCT_TEXTS.awaitingApproval)).toBeInTheDocument();
    expect(onBack).toHaveBeenCalled();
  });

  it("shows the server's message, keeps the values and does not upload again on retry", async () => {
    vi.mocked(createProduct).mockRejectedValueOnce(
      new ApiError('Amounts can be at most 10,000,000.', 'response', 400, true),
    );
    const { user, onBack } = renderForm();
    await fillValid(user);
    await user.click(submit('Create Product'));

    expect(await screen.findByRole('alert')).toHaveTextContent('Amounts can be at most 10,000,000.');
    expect(field(/^name/)).toHaveValue('Desk Lamp');
    expect(onBack).not.toHaveBeenCalled();

    await user.click(submit('Create Product'));
    await waitFor(() => expect(onBack).toHaveBeenCalled());
    expect(uploadImage).toHaveBeenCalledTimes(1);
    expect(vi.mocked(createProduct).mock.calls[1]?.[0].image).toBe(UPLOADED);
  });

  it("shows 'Something went wrong, try again!' when the server gives no message", async () => {
    vi.mocked(createProduct).mockRejectedValueOnce(new ApiError(MESSAGES.noResponse, 'network'));
    const { user } = renderForm();
    await fillValid(user);
    await user.click(submit('Create Product'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.productCreateFailed);
  });

  it('shows why an upload failed and sends no product', async () => {
    vi.mocked(uploadImage).mockRejectedValueOnce(new ApiError(MESSAGES.imageTooLarge, 'response', 413, true));
    const { user } = renderForm();
    await fillValid(user);
    await user.click(submit('Create Product'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.imageTooLarge);
    expect(createProduct).not.toHaveBeenCalled();
  });

  it('goes back with the Back button', async () => {
    const { user, onBack } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(createProduct).not.toHaveBeenCalled();
  });
});

describe('ProductForm updating', () => {
  const stored = productFixture({
    _id: 'p-9',
    productCategory: 'Audio gear',
    guidelines: ['Use it for a week.', 'Be honest.'],
  });

  it('is prefilled, and the stored image satisfies the thumbnail rule', async () => {
    const { user, onBack } = renderForm({ product: stored });
    expect(field(/^name/)).toHaveValue(stored.name);
    expect(field(/^product id/)).toHaveValue(stored.productId);
    expect(field(/^price/)).toHaveValue(stored.price);
    expect(field('marketplace')).toHaveValue('UK');
    expect(field('product category')).toHaveValue('Audio gear');
    expect(screen.getByRole('checkbox', { name: 'picture' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'video' })).not.toBeChecked();
    expect(screen.getByRole('img', { name: 'thumbnail preview' })).toHaveAttribute('src', stored.image);
    expect(screen.getByRole('textbox', { name: 'review guidelines 2' })).toHaveValue('Be honest.');

    await user.click(submit('Update Product'));
    await waitFor(() => expect(updateProduct).toHaveBeenCalledTimes(1));
    expect(uploadImage).not.toHaveBeenCalled();
    const [id, input] = vi.mocked(updateProduct).mock.calls[0] ?? [];
    expect(id).toBe('p-9');
    expect(input).toMatchObject({ image: stored.image, amzImage: stored.amzImage, keyword: stored.keyword });
    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    expect(onBack).toHaveBeenCalled();
  });

  it("reads 'updating...' while busy", async () => {
    vi.mocked(updateProduct).mockImplementation(() => new Promise(() => {}));
    const { user } = renderForm({ product: stored });
    await user.click(submit('Update Product'));
    expect(screen.getByRole('button', { name: 'updating...' })).toBeDisabled();
  });

  it('asks for a thumbnail once the stored one is removed', async () => {
    const { user } = renderForm({ product: stored });
    await user.click(screen.getByRole('button', { name: 'remove thumbnail' }));
    await user.click(submit('Update Product'));
    await waitFor(() => expect(formMessage()).toHaveTextContent(MESSAGES.thumbnailRequired));
    expect(updateProduct).not.toHaveBeenCalled();
  });

  it('edits the lists inline and sends them trimmed without empty items', async () => {
    const { user } = renderForm({ product: stored });
    const second = screen.getByRole('textbox', { name: 'review guidelines 2' });
    await user.clear(second);
    await user.type(second, '  Post a photo  ');
    const policies = screen.getByRole('group', { name: 'commission policies' });
    await user.click(within(policies).getByRole('button', { name: 'Add' }));
    await user.click(submit('Update Product'));

    await waitFor(() => expect(updateProduct).toHaveBeenCalled());
    const input = vi.mocked(updateProduct).mock.calls[0]?.[1];
    expect(input?.guidelines).toEqual(['Use it for a week.', 'Post a photo']);
    expect(input?.commissionPolicies).toEqual(stored.commissionPolicies);
  });

  it('tells a manager when the edit sends an approved product back to approval', async () => {
    vi.mocked(updateProduct).mockResolvedValue({ ...stored, status: 'pending' });
    const { user } = renderForm({ product: stored, isAdmin: false });
    await user.clear(field(/^price/));
    await fill(user, field(/^price/), '30');
    await user.click(submit('Update Product'));
    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    expect(await screen.findByText(PRODUCT_TEXTS.backToPending)).toBeInTheDocument();
  });
});
