import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  approveUserFormSchema,
  type ImageChoice,
  orderAgentUpdateFormSchema,
  orderCreateFormSchema,
  orderManagerUpdateFormSchema,
  passwordUpdateFormSchema,
  registerFormSchema,
} from './form-schemas';
import { MESSAGES } from './messages';

/** Each field's first message, in the order the schema reports them. */
function messages(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const found: Record<string, string> = {};
  if (result.success) return found;
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

const picked: ImageChoice = { url: null, file: new File(['x'], 'shot.png'), previewUrl: 'blob:shot' };
const stored: ImageChoice = {
  url: 'https://images.example.com/o.png',
  file: null,
  previewUrl: 'https://images.example.com/o.png',
};

describe('the submit order form', () => {
  const valid = {
    reviewType: 'text',
    amzOrderNumber: '123-4567890-1234567',
    buyerPayPal: 'buyer@example.com',
    buyerName: 'Bilal Buyer',
    orderScreenshot: picked,
    comments: '',
  };

  it('passes a complete order, with a picked or a stored screenshot', () => {
    expect(messages(orderCreateFormSchema, valid)).toEqual({});
    expect(messages(orderCreateFormSchema, { ...valid, orderScreenshot: stored })).toEqual({});
  });

  it('reports every missing field with its message, the review type first', () => {
    const found = messages(orderCreateFormSchema, {
      reviewType: undefined,
      amzOrderNumber: '',
      buyerPayPal: '',
      buyerName: '',
      orderScreenshot: null,
      comments: '',
    });
    expect(found).toEqual({
      reviewType: MESSAGES.reviewTypeRequired,
      amzOrderNumber: MESSAGES.orderNumberRequired,
      buyerPayPal: MESSAGES.buyerPayPalRequired,
      buyerName: MESSAGES.buyerNameRequired,
      orderScreenshot: MESSAGES.orderScreenshotRequired,
    });
    expect(Object.keys(found)[0]).toBe('reviewType');
  });

  it('refuses an incomplete order number and blank-only names', () => {
    expect(
      messages(orderCreateFormSchema, { ...valid, amzOrderNumber: '123-45', buyerPayPal: '  ', buyerName: ' ' }),
    ).toEqual({
      amzOrderNumber: MESSAGES.orderNumberInvalid,
      buyerPayPal: MESSAGES.buyerPayPalRequired,
      buyerName: MESSAGES.buyerNameRequired,
    });
  });

  it("takes a buyer's PayPal that is an email address or an international phone number, and says so otherwise", () => {
    for (const buyerPayPal of [
      'buyer@example.com',
      'ｂｕｙｅｒ@example.com',
      'buyer+shop@example.com.',
      '+923001234567',
    ]) {
      expect(messages(orderCreateFormSchema, { ...valid, buyerPayPal }), buyerPayPal).toEqual({});
    }
    for (const buyerPayPal of ['Sara Khan', '03001234567', 'mailto:buyer@example.com', 'buyer@example']) {
      expect(messages(orderCreateFormSchema, { ...valid, buyerPayPal }), buyerPayPal).toEqual({
        buyerPayPal: MESSAGES.buyerPayPalInvalid,
      });
    }
    for (const buyerPayPal of ['buy\u200ber@example.com', 'buy\u00ader@example.com', '\u202ebuyer@example.com']) {
      expect(messages(orderCreateFormSchema, { ...valid, buyerPayPal }), buyerPayPal).toEqual({
        buyerPayPal: MESSAGES.buyerPayPalInvisible,
      });
    }
  });

  it('hands back the trimmed order, keeping the chosen screenshot for the upload', () => {
    const parsed = orderCreateFormSchema.parse({ ...valid, buyerName: '  Bilal Buyer ', comments: undefined });
    expect(parsed).toEqual({ ...valid, buyerName: 'Bilal Buyer', comments: '' });
    expect(parsed.orderScreenshot?.file).toBe(picked.file);
  });
});

describe('the agent update order form', () => {
  const valid = {
    amzOrderNumber: '123-4567890-1234567',
    buyerPayPal: 'buyer@example.com',
    buyerName: 'Bilal Buyer',
    comments: 'fast delivery',
    reviewType: 'text',
    AgentStatus: 'Ordered',
    orderScreenshot: stored,
    reviewScreenShot: null,
    FeedbackScreenShot: picked,
  };

  it('accepts a complete order, and screenshots may be empty', () => {
    expect(messages(orderAgentUpdateFormSchema, valid)).toEqual({});
    expect(messages(orderAgentUpdateFormSchema, { ...valid, orderScreenshot: null })).toEqual({});
  });

  it("uses the submit form's messages, and trims before checking", () => {
    expect(
      messages(orderAgentUpdateFormSchema, { ...valid, amzOrderNumber: ' ', buyerPayPal: '  ', buyerName: '' }),
    ).toEqual({
      amzOrderNumber: MESSAGES.orderNumberRequired,
      buyerPayPal: MESSAGES.buyerPayPalRequired,
      buyerName: MESSAGES.buyerNameRequired,
    });
    expect(messages(orderAgentUpdateFormSchema, { ...valid, amzOrderNumber: '123-4567890-123456' })).toEqual({
      amzOrderNumber: MESSAGES.orderNumberInvalid,
    });
  });
});

describe('the registration form', () => {
  const valid = {
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
    referralUserId: '',
    role: 'agent',
    cnicFront: picked,
    cnicBack: picked,
  };

  it('passes a complete registration', () => {
    expect(messages(registerFormSchema, valid)).toEqual({});
  });

  it("reports each rule with the registration's messages, in the form's order", () => {
    const found = messages(registerFormSchema, {
      firstName: '',
      lastName: ' ',
      email: 'not-an-email',
      password: '12345',
      phoneNumber: '+92300',
      city: '',
      referralName: '',
      referralContact: '',
      referralUserId: '',
      role: 'agent',
      cnicFront: null,
      cnicBack: null,
    });
    expect(Object.entries(found)).toEqual([
      ['firstName', MESSAGES.firstNameRequired],
      ['lastName', MESSAGES.lastNameRequired],
      ['email', MESSAGES.emailInvalid],
      ['password', MESSAGES.passwordTooShort],
      ['gender', MESSAGES.genderRequired],
      ['phoneNumber', MESSAGES.phoneInvalid],
      ['city', MESSAGES.cityRequired],
      ['state', MESSAGES.countryRequired],
      ['referralName', MESSAGES.referralNameRequired],
      ['referralContact', MESSAGES.referralContactRequired],
      ['cnicFront', MESSAGES.cnicFrontRequired],
      ['cnicBack', MESSAGES.cnicBackRequired],
    ]);
  });

  it('asks for a +92 number of 13 characters', () => {
    expect(messages(registerFormSchema, { ...valid, phoneNumber: '03001234567' })).toEqual({
      phoneNumber: MESSAGES.phoneInvalid,
    });
    expect(messages(registerFormSchema, { ...valid, phoneNumber: '+9230012345678' })).toEqual({
      phoneNumber: MESSAGES.phoneInvalid,
    });
  });
});

describe('the change password form', () => {
  it("asks for both fields first: 'Please fill in both fields.'", () => {
    expect(messages(passwordUpdateFormSchema, { currentPassword: '', newPassword: 'abc' })).toEqual({
      currentPassword: MESSAGES.fillBothFields,
    });
    expect(messages(passwordUpdateFormSchema, { currentPassword: 'old-secret', newPassword: '' })).toEqual({
      newPassword: MESSAGES.fillBothFields,
    });
  });

  it("then applies the API's rules", () => {
    expect(messages(passwordUpdateFormSchema, { currentPassword: 'old-secret', newPassword: 'abc' })).toEqual({
      newPassword: MESSAGES.passwordTooShort,
    });
    expect(passwordUpdateFormSchema.parse({ currentPassword: 'old-secret', newPassword: 'new-secret' })).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
    });
  });
});

describe('the staff update order form', () => {
  it('takes a status, a commission status and an optional refund screenshot', () => {
    const values = { status: '', comissionStatus: 'unpaid', refundShot: null };
    expect(orderManagerUpdateFormSchema.parse(values)).toEqual(values);
    expect(messages(orderManagerUpdateFormSchema, { ...values, status: 'Shipped' })).toHaveProperty('status');
  });
});

describe('the approve user form', () => {
  it('sends no password when none is typed, and refuses a short one', () => {
    expect(approveUserFormSchema.parse({ password: '' })).toEqual({ password: undefined });
    expect(approveUserFormSchema.parse({ password: 'fresh-secret' })).toEqual({ password: 'fresh-secret' });
    expect(messages(approveUserFormSchema, { password: 'abc' })).toEqual({ password: MESSAGES.passwordTooShort });
  });
});
