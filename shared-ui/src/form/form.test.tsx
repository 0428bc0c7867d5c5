import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, setLocale, uploadImage } from 'shared-api';
import { MESSAGES, optionalImageSchema, requiredImageSchema } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useWrite } from '../lib/mutations';
import { renderWithQueries as render } from '../test/render';
import { ChoiceField, OrderNumberField, PasswordField, SelectField, TextField } from './fields';
import { Form, useZodForm } from './form';
import { FormAlert } from './form-alert';
import { ImageField, type ImageUploads, useImageUploads } from './image-field';
import { SubmitButton } from './submit-button';

vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  uploadImage: vi.fn(),
}));

const upload = vi.mocked(uploadImage);

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required.'),
  colour: z.enum(['red', 'blue'], { error: 'Colour is required.' }),
  size: z.enum(['small', 'large'], { error: 'Size is required.' }),
  orderNumber: z.string().regex(/^\d{3}-\d{7}-\d{7}$/, 'Invalid AMZ Order Number format'),
  password: z.string().min(6, 'Password must be at least 6 characters.'),
  phone: z.string(),
  extras: z.array(z.string()),
  photo: requiredImageSchema('Photo is required.'),
  receipt: optionalImageSchema,
});
type Values = z.output<typeof schema>;

interface TestFormProps {
  onSend?: (values: Values, uploads: ImageUploads) => unknown;
  oneErrorInOrder?: readonly string[];
}

/** A form with one field of each kind. */
function TestForm({ onSend = () => {}, oneErrorInOrder }: TestFormProps) {
  const form = useZodForm(schema, {
    defaultValues: { name: '', orderNumber: '', password: '', phone: '+92', extras: [], photo: null, receipt: null },
    oneErrorInOrder,
  });
  const uploads = useImageUploads();
  const send = useWrite(async (values: Values) => onSend(values, uploads));
  const busy = send.isPending;
  const { control } = form;
  return (
    <Form form={form} onSubmit={(values) => send.mutate(values)} busy={busy} aria-label="test form">
      <TextField control={control} name="name" label="name" required disabled={busy} />
      <SelectField control={control} name="colour" label="colour" required disabled={busy}>
        <option value="">choose a colour</option>
        <option value="red">red</option>
        <option value="blue">blue</option>
      </SelectField>
      <ChoiceField
        control={control}
        name="size"
        legend="size"
        required
        disabled={busy}
        choices={[
          { value: 'small', label: 'small' },
          { value: 'large', label: 'large' },
        ]}
      />
      <OrderNumberField control={control} name="orderNumber" label="AMZ Order Number" disabled={busy} />
      <PasswordField control={control} name="password" label="password" autoComplete="new-password" disabled={busy} />
      <TextField
        control={control}
        name="phone"
        label="phone"
        type="tel"
        onBlurValue={(value) => (value.startsWith('+92') ? value : '+92')}
      />
      <ChoiceField
        control={control}
        name="extras"
        legend="extras"
        multiple
        choices={['gift wrap', 'card', 'ribbon'].map((value) => ({ value, label: value }))}
      />
      <ImageField control={control} name="photo" uploads={uploads} label="photo" required disabled={busy} />
      <ImageField control={control} name="receipt" uploads={uploads} label="receipt" disabled={busy} />
      <SubmitButton busy={busy}>send</SubmitButton>
    </Form>
  );
}

const png = (name: string) => new File([new Uint8Array(16)], name, { type: 'image/png' });
const photo = png('photo.png');

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^name/), 'Sana');
  await user.selectOptions(screen.getByLabelText(/^colour/), 'blue');
  await user.click(screen.getByLabelText('large'));
  await user.type(screen.getByLabelText('AMZ Order Number'), '1234567890123456789');
  await user.type(screen.getByLabelText('password'), 'secret-pass');
  await user.upload(screen.getByLabelText(/^photo/), photo);
}

const send = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'send' }));

beforeEach(() => {
  URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
  URL.revokeObjectURL = vi.fn();
  upload.mockImplementation(async (file, onProgress) => {
    onProgress?.(1);
    return `https://images.example.com/${file.name}`;
  });
});
afterEach(() => vi.clearAllMocks());

describe('a form built with the kit', () => {
  it('checks every rule on submit, shows each message by its field and focuses the first', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(<TestForm onSend={onSend} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await send(user);

    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Name is required.',
      'Colour is required.',
      'Size is required.',
      'Invalid AMZ Order Number format',
      'Password must be at least 6 characters.',
      'Photo is required.',
    ]);
    expect(screen.getByLabelText(/^name/)).toHaveAccessibleDescription('Name is required.');
    expect(screen.getByLabelText(/^colour/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'size' })).toHaveAccessibleDescription('Size is required.');
    expect(screen.getByLabelText('AMZ Order Number')).toHaveAccessibleDescription('Invalid AMZ Order Number format');
    expect(screen.getByLabelText('password')).toHaveAccessibleDescription('Password must be at least 6 characters.');
    expect(screen.getByLabelText(/^photo/)).toHaveAccessibleDescription('Photo is required.');
    expect(screen.getByLabelText(/^name/)).toHaveFocus();
    expect(onSend).not.toHaveBeenCalled();
    expect(upload).not.toHaveBeenCalled();
  });

  it('says nothing before the first submit, even about a field typed wrong', async () => {
    const user = userEvent.setup();
    render(<TestForm />);
    await user.type(screen.getByLabelText(/^name/), 'Sana');
    await user.clear(screen.getByLabelText(/^name/));
    await user.type(screen.getByLabelText('password'), 'abc');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^name/)).not.toHaveAttribute('aria-invalid');
  });

  it('updates a message as its field is corrected, and moves the focus to the first field still wrong', async () => {
    const user = userEvent.setup();
    render(<TestForm />);
    await send(user);

    await user.type(screen.getByLabelText(/^name/), 'Sana');
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
    expect(screen.getByText('Colour is required.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/^colour/), 'red');
    await send(user);
    expect(screen.getByLabelText('small')).toHaveFocus();
  });

  it('focuses the choice already made in a group when the group is the first wrong field', async () => {
    const user = userEvent.setup();
    render(<TestForm />);
    await user.type(screen.getByLabelText(/^name/), 'Sana');
    await user.selectOptions(screen.getByLabelText(/^colour/), 'red');
    await send(user);
    expect(screen.getByLabelText('small')).toHaveFocus();
  });

  it('hands the parsed values to the submit once every rule passes', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(<TestForm onSend={onSend} />);
    await fillValid(user);
    await user.click(screen.getByLabelText('ribbon'));
    await user.click(screen.getByLabelText('gift wrap'));

    await send(user);

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend.mock.calls[0]?.[0]).toEqual({
      name: 'Sana',
      colour: 'blue',
      size: 'large',
      orderNumber: '123-4567890-1234567',
      password: 'secret-pass',
      phone: '+92',
      extras: ['gift wrap', 'ribbon'],
      photo: { url: null, file: photo, previewUrl: 'blob:photo.png' },
      receipt: null,
    });
  });

  it('gives a field the value its rule asks for when it loses focus', async () => {
    const user = userEvent.setup();
    render(<TestForm />);
    const phone = screen.getByLabelText('phone');
    await user.clear(phone);
    await user.type(phone, '0300');
    await user.tab();
    expect(phone).toHaveValue('+92');
    await user.type(phone, '3001234567');
    await user.tab();
    expect(phone).toHaveValue('+923001234567');
  });

  it('disables the fields while sending, says so on the button, then focuses the field the server refused', async () => {
    let answer: (refusal: Error) => void = () => {};
    const user = userEvent.setup();
    function ServerRefusal() {
      const form = useZodForm(z.object({ orderNumber: z.string().min(1, 'AMZ Order Number is required') }), {
        defaultValues: { orderNumber: '123-4567890-1234567' },
      });
      const save = useWrite(() => new Promise<never>((_resolve, reject) => (answer = reject)), {
        onError: (refusal) => form.setError('orderNumber', { type: 'server', message: refusal.message }),
      });
      return (
        <Form form={form} aria-label="order form" onSubmit={() => save.mutate()} busy={save.isPending}>
          <OrderNumberField
            control={form.control}
            name="orderNumber"
            label="AMZ Order Number"
            disabled={save.isPending}
          />
          <SubmitButton busy={save.isPending} busyLabel="sending...">
            send
          </SubmitButton>
        </Form>
      );
    }
    render(<ServerRefusal />);

    await send(user);
    expect(screen.getByLabelText('AMZ Order Number')).toBeDisabled();
    expect(screen.getByRole('form', { name: 'order form' })).toHaveAttribute('aria-busy', 'true');
    const button = screen.getByRole('button', { name: 'sending...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await act(async () => answer(new Error('An order with this AMZ order number already exists.')));

    await waitFor(() => expect(screen.getByLabelText('AMZ Order Number')).toHaveFocus());
    expect(screen.getByLabelText('AMZ Order Number')).toHaveAccessibleDescription(
      'An order with this AMZ order number already exists.',
    );
    expect(screen.getByRole('button', { name: 'send' })).toBeEnabled();
  });

  it("says a refusal that is not a field's in the form's alert, and sends again once asked", async () => {
    const user = userEvent.setup();
    const write = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiError('The product is no longer available.', 'response', 409, true))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('saved');
    function Refused() {
      const form = useZodForm(z.object({ note: z.string() }), { defaultValues: { note: '' } });
      const save = useWrite(write);
      return (
        <Form form={form} aria-label="note form" onSubmit={() => save.mutate()} busy={save.isPending}>
          <TextField control={form.control} name="note" label="note" />
          <FormAlert error={save.error} fallback="Something went wrong, try again!" />
          <SubmitButton busy={save.isPending}>send</SubmitButton>
        </Form>
      );
    }
    render(<Refused />);

    await send(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('The product is no longer available.');
    await send(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong, try again!'));
    await send(user);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(write).toHaveBeenCalledTimes(3);
  });

  it('shows one message at a time, in the order given, when asked to', async () => {
    const user = userEvent.setup();
    render(<TestForm oneErrorInOrder={['password', 'name']} />);
    await send(user);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Password must be at least 6 characters.',
    ]);
    expect(screen.getByLabelText('password')).toHaveFocus();

    await user.type(screen.getByLabelText('password'), 'secret-pass');
    await send(user);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Name is required.']);
    expect(screen.getByLabelText(/^name/)).toHaveFocus();
  });
});

describe('an image field', () => {
  /** A submit that uploads both images and reports the URLs (or the failure). */
  const sendImages = (report: (outcome: unknown) => void) => async (values: Values, uploads: ImageUploads) => {
    try {
      report([await uploads.upload('photo', values.photo), await uploads.upload('receipt', values.receipt)]);
    } catch (failure) {
      report(failure);
    }
  };

  it('uploads the picked image on submit, shows the progress in the field, and hands back the URL', async () => {
    let progress: (fraction: number) => void = () => {};
    let finish: (url: string) => void = () => {};
    upload.mockImplementationOnce((_file, onProgress) => {
      progress = onProgress ?? progress;
      return new Promise((resolve) => (finish = resolve));
    });
    const outcomes: unknown[] = [];
    const user = userEvent.setup();
    render(<TestForm onSend={sendImages((outcome) => outcomes.push(outcome))} />);
    await fillValid(user);
    expect(upload).not.toHaveBeenCalled();

    await send(user);
    act(() => progress(0.4));
    const bar = screen.getByRole('progressbar', { name: 'uploading photo' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByLabelText('remove photo', { selector: 'button' })).toBeDisabled();

    await act(async () => finish('https://images.example.com/photo-1.png'));
    await waitFor(() => expect(outcomes).toEqual([['https://images.example.com/photo-1.png', null]]));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith(photo, expect.any(Function), undefined);
  });

  it('uploads each picked file once: sending again reuses the URL it handed back', async () => {
    const outcomes: unknown[] = [];
    const user = userEvent.setup();
    render(<TestForm onSend={sendImages((outcome) => outcomes.push(outcome))} />);
    await fillValid(user);

    await send(user);
    await send(user);

    await waitFor(() => expect(outcomes).toHaveLength(2));
    expect(outcomes).toEqual([
      ['https://images.example.com/photo.png', null],
      ['https://images.example.com/photo.png', null],
    ]);
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('tries a failed upload again on the next submit, and keeps the picked image meanwhile', async () => {
    upload.mockRejectedValueOnce(new ApiError('The image is larger than 5 MB.', 'response', 413, true));
    const outcomes: unknown[] = [];
    const user = userEvent.setup();
    render(<TestForm onSend={sendImages((outcome) => outcomes.push(outcome))} />);
    await fillValid(user);

    await send(user);
    await waitFor(() => expect(outcomes).toHaveLength(1));
    expect(outcomes[0]).toBeInstanceOf(ApiError);
    expect(screen.getByRole('img', { name: 'photo preview' })).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await send(user);
    await waitFor(() => expect(outcomes).toHaveLength(2));
    expect(outcomes[1]).toEqual(['https://images.example.com/photo.png', null]);
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it('uploads a replaced image, and hands back the URL of a stored one without uploading it', async () => {
    const uploads: ImageUploads[] = [];
    function Probe() {
      uploads[0] = useImageUploads({ private: true });
      return null;
    }
    render(<Probe />);
    const stored = {
      url: 'https://images.example.com/old.png',
      file: null,
      previewUrl: 'https://images.example.com/old.png',
    };
    await expect(uploads[0]?.upload('photo', stored)).resolves.toBe('https://images.example.com/old.png');
    await expect(uploads[0]?.upload('photo', null)).resolves.toBeNull();
    expect(upload).not.toHaveBeenCalled();

    const replaced = { url: null, file: png('new.png'), previewUrl: 'blob:new.png' };
    await act(async () => {
      await expect(uploads[0]?.upload('photo', replaced)).resolves.toBe('https://images.example.com/new.png');
    });
    expect(upload).toHaveBeenCalledWith(replaced.file, expect.any(Function), { private: true });
  });
});

describe('the form kit in Urdu', () => {
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  const urduSchema = z.object({ firstName: z.string().trim().min(1, MESSAGES.firstNameRequired) });

  function UrduForm() {
    const form = useZodForm(urduSchema, { defaultValues: { firstName: '' } });
    return (
      <Form form={form} onSubmit={() => {}} aria-label="urdu form">
        <TextField control={form.control} name="firstName" label="first name" required />
        <FormAlert error={new Error('offline')} fallback={MESSAGES.somethingWentWrong} />
        <SubmitButton busy={false}>send</SubmitButton>
      </Form>
    );
  }

  it("says a field's rule and the form's fallback in Urdu, and in English again after the switch back", async () => {
    await act(() => setLocale('ur'));
    const user = userEvent.setup();
    render(<UrduForm />);

    await user.click(screen.getByRole('button', { name: 'send' }));
    const firstName = screen.getByLabelText(/^first name/);
    expect(firstName).toHaveAccessibleDescription('پہلا نام لازمی ہے۔');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('پہلا نام لازمی ہے۔');
    expect(screen.queryByText(MESSAGES.somethingWentWrong)).not.toBeInTheDocument();

    await act(() => setLocale('en'));
    expect(firstName).toHaveAccessibleDescription(MESSAGES.firstNameRequired);
    expect(screen.getByText(MESSAGES.somethingWentWrong)).toBeInTheDocument();
  });

  it("names the image field's buttons and hint in Urdu", async () => {
    await act(() => setLocale('ur'));
    function Picker() {
      const form = useZodForm(z.object({ photo: optionalImageSchema }), { defaultValues: { photo: null } });
      const uploads = useImageUploads();
      return <ImageField control={form.control} name="photo" uploads={uploads} label="تصویر" />;
    }
    const user = userEvent.setup();
    render(<Picker />);
    expect(screen.getByText('PNG، JPEG، WebP یا GIF، زیادہ سے زیادہ 5 MB۔')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('تصویر'), png('photo.png'));
    expect(screen.getByRole('button', { name: 'تصویر ہٹائیں' })).toHaveTextContent('ہٹائیں');
    expect(screen.getByRole('img', { name: 'تصویر کا پیش منظر' })).toBeInTheDocument();
  });
});

describe("a text field's direction", () => {
  const directions = z.object({ name: z.string(), email: z.string(), paypal: z.string() });

  function Directions() {
    const form = useZodForm(directions, { defaultValues: { name: '', email: '', paypal: '' } });
    return (
      <Form form={form} onSubmit={() => {}} aria-label="directions">
        <TextField control={form.control} name="name" label="name" />
        <TextField control={form.control} name="email" label="email" type="email" />
        <TextField control={form.control} name="paypal" label="paypal" dir="ltr" />
      </Form>
    );
  }

  it('writes emails and values asked to be left to right left to right, other text in the page direction', () => {
    render(<Directions />);
    expect(screen.getByLabelText('name')).not.toHaveAttribute('dir');
    expect(screen.getByLabelText('email')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('paypal')).toHaveAttribute('dir', 'ltr');
  });
});
