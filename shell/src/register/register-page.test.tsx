import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { ApiError, register, setLocale, uploadImage, useSession } from 'shared-api';
import { MESSAGES, type RegisterInput } from 'shared-api/contract';
import { testUser } from 'shared-api/testing/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, sessionOf } from '../test/render-app';

vi.mock('shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('shared-api')>();
  return { ...actual, register: vi.fn(), uploadImage: vi.fn() };
});

const registerMock = vi.mocked(register);
const uploadMock = vi.mocked(uploadImage);

const png = (name: string) => new File([new Uint8Array(256)], name, { type: 'image/png' });
const front = png('front.png');
const back = png('back.png');

const field = (label: string | RegExp) => screen.getByLabelText(label);

async function openRegister(path = '/register') {
  renderApp(path);
  // a lazy chunk: its first load in a run can take longer than findBy's default second on a busy machine
  await screen.findByRole('heading', { name: 'register' }, { timeout: 10_000 });
  return userEvent.setup({ delay: null });
}

/** Types into a field the quick way: focus it and paste (typing key by key is slow in jsdom). */
async function enter(user: UserEvent, label: RegExp, text: string) {
  await user.click(field(label));
  await user.paste(text);
}

/** Fills every field validly (an agent, the default role). */
async function fillForm(user: UserEvent) {
  await enter(user, /^first name/, 'Sana');
  await enter(user, /^last name/, 'Khan');
  await enter(user, /^email/, 'sana@example.com');
  await enter(user, /^password/, 'secret-pass');
  await user.click(field('female'));
  await enter(user, /^phone number/, '3001234567');
  await enter(user, /^city/, 'Lahore');
  await user.selectOptions(field(/^country/), 'pakistan');
  await enter(user, /^referral name/, 'Ali Raza');
  await enter(user, /^referral contact/, '+923009876543');
  await user.upload(field(/^CNIC front/), front);
  await user.upload(field(/^CNIC back/), back);
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'register' }));

// a whole form per test: generous for a loaded CI machine
describe('register page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionOf(null);
    URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
    URL.revokeObjectURL = vi.fn();
    uploadMock.mockImplementation(async (file) => `http://api.test/api/private/${file.name}`);
    registerMock.mockImplementation(async (input) => ({
      token: 'pending-token',
      user: testUser('agent', { _id: 'new-id', firstName: input.firstName, status: 'pending' }),
    }));
  });
  afterEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
  });

  it('shows every field of the registration, with its defaults', async () => {
    await openRegister();

    for (const label of [
      /^first name/,
      /^last name/,
      /^email/,
      /^password/,
      /^phone number/,
      /^city/,
      /^referral name/,
      /^referral contact/,
    ]) {
      expect(field(label)).toBeRequired();
    }
    expect(field(/^email/)).toHaveAttribute('type', 'email');
    expect(field(/^password/)).toHaveAttribute('type', 'password');
    const gender = screen.getByRole('group', { name: /^gender/ });
    expect(
      within(gender)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['male', 'female']);
    expect(
      within(gender)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    expect(field(/^phone number/)).toHaveValue('+92');
    expect(field(/^phone number/)).toHaveAttribute('maxLength', '13');
    const country = field(/^country/);
    expect(
      within(country)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'pakistan']);
    expect(field('referral user id')).toHaveValue('');
    expect(field('referral user id')).not.toHaveAttribute('readonly');
    expect(field('work as marketer')).toBeChecked();
    expect(field('work as manager')).not.toBeChecked();
    expect(field(/^CNIC front/)).toHaveAttribute('type', 'file');
    expect(field(/^CNIC back/)).toHaveAttribute('type', 'file');
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/');
  });

  it('checks every rule on submit, shows each message next to its field and focuses the first', async () => {
    const user = await openRegister();

    await submit(user);
    // react-hook-form's resolver answers asynchronously
    await waitFor(() => expect(field(/^first name/)).toHaveAccessibleDescription(MESSAGES.firstNameRequired));

    const expected: Array<[string | RegExp, string]> = [
      [/^first name/, MESSAGES.firstNameRequired],
      [/^last name/, MESSAGES.lastNameRequired],
      [/^email/, MESSAGES.emailInvalid],
      [/^password/, MESSAGES.passwordTooShort],
      [/^phone number/, MESSAGES.phoneInvalid],
      [/^city/, MESSAGES.cityRequired],
      [/^country/, MESSAGES.countryRequired],
      [/^referral name/, MESSAGES.referralNameRequired],
      [/^referral contact/, MESSAGES.referralContactRequired],
      [/^CNIC front/, MESSAGES.cnicFrontRequired],
      [/^CNIC back/, MESSAGES.cnicBackRequired],
    ];
    for (const [label, message] of expected) {
      expect(field(label)).toHaveAccessibleDescription(message);
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByRole('group', { name: /^gender/ })).toHaveAccessibleDescription(MESSAGES.genderRequired);
    expect(screen.getByText(MESSAGES.genderRequired)).toBeVisible();
    expect(field(/^first name/)).toHaveFocus();
    expect(uploadMock).not.toHaveBeenCalled();
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('moves focus to the first field still wrong, and clears messages as they are corrected', async () => {
    const user = await openRegister();
    await user.type(field(/^first name/), 'Sana');
    await user.type(field(/^last name/), 'Khan');
    await user.type(field(/^email/), 'not-an-email');

    await submit(user);

    await waitFor(() => expect(field(/^email/)).toHaveFocus());
    expect(field(/^email/)).toHaveAccessibleDescription(MESSAGES.emailInvalid);
    expect(screen.queryByText(MESSAGES.firstNameRequired)).not.toBeInTheDocument();

    await user.clear(field(/^email/));
    await user.type(field(/^email/), 'sana@example.com');
    expect(screen.queryByText(MESSAGES.emailInvalid)).not.toBeInTheDocument();

    await user.type(field(/^password/), '12345');
    await submit(user);
    await waitFor(() => expect(field(/^password/)).toHaveFocus());
    expect(field(/^password/)).toHaveAccessibleDescription(MESSAGES.passwordTooShort);
  });

  it('focuses the gender choice when it is the first field missing', async () => {
    const user = await openRegister();
    await user.type(field(/^first name/), 'Sana');
    await user.type(field(/^last name/), 'Khan');
    await user.type(field(/^email/), 'sana@example.com');
    await user.type(field(/^password/), 'secret-pass');

    await submit(user);

    await waitFor(() => expect(field('male')).toHaveFocus());
    expect(screen.getByText(MESSAGES.genderRequired)).toBeVisible();
  });

  it('asks for a full phone number: +92 and ten digits', async () => {
    const user = await openRegister();
    await user.type(field(/^phone number/), '300123');
    await submit(user);
    await waitFor(() => expect(field(/^phone number/)).toHaveAccessibleDescription(MESSAGES.phoneInvalid));

    await user.type(field(/^phone number/), '4567');
    expect(field(/^phone number/)).toHaveValue('+923001234567');
    // revalidated as it is typed (the resolver is asynchronous: slower on a busy machine)
    await waitFor(() => expect(screen.queryByText(MESSAGES.phoneInvalid)).not.toBeInTheDocument());
  });

  it('keeps the phone number to 13 characters', async () => {
    const user = await openRegister();
    await user.type(field(/^phone number/), '30012345678999');
    expect(field(/^phone number/)).toHaveValue('+923001234567');
  });

  it('puts +92 back on blur when the number does not start with it, and keeps one that does', async () => {
    const user = await openRegister();
    const phone = field(/^phone number/);

    await user.clear(phone);
    await user.type(phone, '03001234567');
    await user.tab();
    expect(phone).toHaveValue('+92');

    await user.type(phone, '3001234567');
    await user.tab();
    expect(phone).toHaveValue('+923001234567');
  });

  it('prefills and locks the referral user id from the referral link', async () => {
    const user = await openRegister('/register/5d9e2c1a-2b7f-4c1e-9a77-0f3b1c2d4e5f');
    const referral = field('referral user id');

    expect(referral).toHaveValue('5d9e2c1a-2b7f-4c1e-9a77-0f3b1c2d4e5f');
    expect(referral).toHaveAttribute('readonly');
    await user.type(referral, 'xyz');
    expect(referral).toHaveValue('5d9e2c1a-2b7f-4c1e-9a77-0f3b1c2d4e5f');
    expect(referral).toHaveAccessibleDescription('Set by the referral link you opened.');
  });

  it('uploads both CNIC images privately, then registers with their links, and shows the waiting screen', async () => {
    const user = await openRegister('/register/5d9e2c1a-2b7f-4c1e-9a77-0f3b1c2d4e5f');
    await fillForm(user);
    await user.click(field('work as manager'));
    expect(screen.getByRole('img', { name: 'CNIC front preview' })).toHaveAttribute('src', 'blob:front.png');

    await submit(user);

    await screen.findByRole('heading', { name: 'Your account is waiting for approval' });
    expect(uploadMock.mock.calls.map(([file, , options]) => [file, options])).toEqual([
      [front, { private: true }],
      [back, { private: true }],
    ]);
    expect(registerMock).toHaveBeenCalledWith({
      firstName: 'Sana',
      lastName: 'Khan',
      email: 'sana@example.com',
      password: 'secret-pass',
      gender: 'female',
      phoneNumber: '+923001234567',
      city: 'Lahore',
      state: 'pakistan',
      referralName: 'Ali Raza',
      referralContact: '+923009876543',
      referralUserId: '5d9e2c1a-2b7f-4c1e-9a77-0f3b1c2d4e5f',
      role: 'manager',
      cnicFront: 'http://api.test/api/private/front.png',
      cnicBack: 'http://api.test/api/private/back.png',
    } satisfies RegisterInput);
    expect(await screen.findByText(MESSAGES.registerSuccess)).toBeInTheDocument();
    expect(useSession.getState()).toMatchObject({ token: 'pending-token', status: 'signed-in' });
    expect(localStorage.getItem('token')).toBe('pending-token');
    expect(screen.getByRole('button', { name: 'log out' })).toBeVisible();
  });

  it('sends no referral user id when none is given', async () => {
    const user = await openRegister();
    await fillForm(user);
    await submit(user);

    await waitFor(() => expect(registerMock).toHaveBeenCalled());
    expect(registerMock.mock.calls[0]?.[0]).toMatchObject({ role: 'agent', referralUserId: undefined });
  });

  it('shows the upload progress and locks the form while it registers', async () => {
    let finishFront: (url: string) => void = () => {};
    uploadMock.mockImplementationOnce((_file, onProgress) => {
      onProgress?.(0.5);
      return new Promise((resolve) => (finishFront = resolve));
    });
    const user = await openRegister();
    await fillForm(user);

    await submit(user);

    const bar = await screen.findByRole('progressbar', { name: 'uploading CNIC front' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: 'registering...' })).toBeDisabled();
    expect(field(/^first name/)).toBeDisabled();

    finishFront('http://api.test/api/private/front.png');
    await screen.findByRole('heading', { name: 'Your account is waiting for approval' });
  });

  it("shows the server's message when registration fails, keeps everything typed, and does not upload again", async () => {
    registerMock.mockRejectedValueOnce(new ApiError(MESSAGES.emailTaken, 'response', 409));
    const user = await openRegister();
    await fillForm(user);

    await submit(user);

    expect(await screen.findByText(MESSAGES.emailTaken)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'register' })).toBeVisible();
    expect(field(/^first name/)).toHaveValue('Sana');
    expect(field(/^email/)).toHaveValue('sana@example.com');
    expect(field(/^password/)).toHaveValue('secret-pass');
    expect(field('female')).toBeChecked();
    expect(field(/^country/)).toHaveValue('pakistan');
    expect(screen.getByRole('img', { name: 'CNIC front preview' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'CNIC back preview' })).toBeVisible();
    expect(screen.queryByRole('progressbar', { name: /^uploading/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'register' })).toBeEnabled();
    expect(useSession.getState().status).toBe('signed-out');

    await submit(user);
    await screen.findByRole('heading', { name: 'Your account is waiting for approval' });
    expect(uploadMock).toHaveBeenCalledTimes(2);
    expect(registerMock).toHaveBeenCalledTimes(2);
  });

  it('shows the message when an image upload fails, and does not register', async () => {
    uploadMock.mockRejectedValueOnce(new ApiError(MESSAGES.imageTypeUnsupported, 'response', 415));
    const user = await openRegister();
    await fillForm(user);

    await submit(user);

    expect(await screen.findByText(MESSAGES.imageTypeUnsupported)).toBeInTheDocument();
    expect(registerMock).not.toHaveBeenCalled();
    expect(field(/^city/)).toHaveValue('Lahore');
  });

  describe('in Urdu', () => {
    afterEach(() => act(() => setLocale('en')));

    it('switches to Urdu, right to left, from the switch above the form, and back to English', async () => {
      const user = await openRegister();
      await user.click(screen.getByRole('button', { name: 'اردو' }));

      expect(await screen.findByRole('heading', { name: 'رجسٹریشن' })).toBeVisible();
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(field(/^پہلا نام/)).toBeRequired();
      expect(screen.getByRole('radio', { name: 'عورت' })).toHaveAttribute('value', 'female');
      expect(screen.getByRole('option', { name: 'پاکستان' })).toHaveAttribute('value', 'pakistan');
      expect(screen.getByRole('link', { name: 'سائن اِن کریں' })).toHaveAttribute('href', '/');

      // the contract's rules speak Urdu too
      await user.click(screen.getByRole('button', { name: 'رجسٹر کریں' }));
      expect(await screen.findByText('پہلا نام لازمی ہے۔')).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'English' }));

      expect(await screen.findByRole('heading', { name: 'register' })).toBeVisible();
      expect(document.documentElement).toHaveAttribute('dir', 'ltr');
      expect(screen.getByText(MESSAGES.firstNameRequired)).toBeVisible();
    });
  });
});
