import { afterEach, describe, expect, it, vi } from 'vitest';
import { AMZ_ORDER_NUMBER_PATTERN, EMAIL_PATTERN, MAX_LIST_ROWS, MAX_PAGE_SIZE, PHONE_PATTERN } from './constants';
import { MESSAGES } from './messages';
import {
  orderAgentUpdateInputSchema,
  orderCreateInputSchema,
  paginationQuerySchema,
  registerInputSchema,
} from './schemas';

const validRegistration = {
  firstName: 'Ayesha',
  lastName: 'Khan',
  email: 'ayesha@example.com',
  password: 'secret1',
  gender: 'female',
  phoneNumber: '+923001234567',
  city: 'Lahore',
  state: 'pakistan',
  referralName: 'Bilal',
  referralContact: '+923001234568',
  cnicFront: 'http://localhost:8000/api/private/front.jpg',
  cnicBack: 'http://localhost:8000/api/private/back.jpg',
};
const validOrder = {
  productId: 'b6f1c1de-0f7e-4f43-9a8e-2d7d8a1c0b11',
  reviewType: 'text',
  amzOrderNumber: '123-4567890-1234567',
  buyerPayPal: 'buyer@example.com',
  buyerName: 'Buyer',
  orderScreenshot: 'http://localhost:8000/uploads/shot.png',
};

const issuesAt = (
  result: { error?: { issues: { path: PropertyKey[]; code: string; message: string }[] } },
  field: string,
) => (result.error?.issues ?? []).filter((issue) => issue.path[0] === field);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a length-limited string is refused before its pattern runs', () => {
  const cases = [
    {
      field: 'email',
      pattern: EMAIL_PATTERN,
      parse: (value: string) => registerInputSchema.safeParse({ ...validRegistration, email: value }),
      tooLong: `a@${'.'.repeat(40_000)}@`,
      checked: 'a@b.',
      message: MESSAGES.emailInvalid,
    },
    {
      field: 'phoneNumber',
      pattern: PHONE_PATTERN,
      parse: (value: string) => registerInputSchema.safeParse({ ...validRegistration, phoneNumber: value }),
      tooLong: `+92${'1'.repeat(40_000)}x`,
      checked: '+92123',
      message: MESSAGES.phoneInvalid,
    },
    {
      field: 'amzOrderNumber',
      pattern: AMZ_ORDER_NUMBER_PATTERN,
      parse: (value: string) => orderCreateInputSchema.safeParse({ ...validOrder, amzOrderNumber: value }),
      tooLong: '1'.repeat(40_000),
      checked: '123-456',
      message: MESSAGES.orderNumberInvalid,
    },
    {
      field: 'amzOrderNumber',
      pattern: AMZ_ORDER_NUMBER_PATTERN,
      parse: (value: string) => orderAgentUpdateInputSchema.safeParse({ amzOrderNumber: value }),
      tooLong: '1'.repeat(40_000),
      checked: '123-456',
      message: MESSAGES.orderNumberInvalid,
    },
  ];

  it.each(cases)('$field: an over-long value gets one issue, and the pattern never sees it', (c) => {
    const test = vi.spyOn(c.pattern, 'test');
    const result = c.parse(c.tooLong);
    expect(test).not.toHaveBeenCalled();
    expect(issuesAt(result, c.field)).toEqual([expect.objectContaining({ code: 'too_big', message: c.message })]);
  });

  it.each(cases)('$field: a value of a fitting length still goes through the pattern', (c) => {
    const test = vi.spyOn(c.pattern, 'test');
    const result = c.parse(c.checked);
    expect(test).toHaveBeenCalledWith(c.checked);
    expect(issuesAt(result, c.field)).toEqual([
      expect.objectContaining({ code: 'invalid_format', message: c.message }),
    ]);
  });
});

describe('the email pattern', () => {
  it('accepts the addresses it always accepted', () => {
    for (const email of ['a@b.c', 'first.last@example.co.uk', 'x@.b.c', 'x@b..', 'x+tag@sub.example.org']) {
      expect(EMAIL_PATTERN.test(email), email).toBe(true);
    }
  });

  it('refuses what it always refused', () => {
    for (const email of ['', 'a@b', 'a@.b', 'a@b.', '@b.c', 'a b@c.d', 'a@b@c.d', 'a@b.c d', 'a@b .c']) {
      expect(EMAIL_PATTERN.test(email), email).toBe(false);
    }
  });
});

describe('the pagination query', () => {
  const messageOf = (query: Record<string, unknown>) =>
    paginationQuerySchema.safeParse(query).error?.issues[0]?.message;

  it('defaults to the first page of 50', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, limit: 50 });
  });

  it('serves pages up to the last one that ends within the first rows', () => {
    expect(
      paginationQuerySchema.parse({ page: String(MAX_LIST_ROWS / MAX_PAGE_SIZE), limit: String(MAX_PAGE_SIZE) }),
    ).toEqual({ page: MAX_LIST_ROWS / MAX_PAGE_SIZE, limit: MAX_PAGE_SIZE });
    expect(paginationQuerySchema.parse({ page: String(MAX_LIST_ROWS), limit: '1' })).toEqual({
      page: MAX_LIST_ROWS,
      limit: 1,
    });
  });

  it('refuses a page past the first rows and asks for a narrower filter', () => {
    expect(messageOf({ page: String(MAX_LIST_ROWS / MAX_PAGE_SIZE + 1), limit: String(MAX_PAGE_SIZE) })).toBe(
      MESSAGES.pageTooFar,
    );
    expect(messageOf({ page: '201' })).toBe(MESSAGES.pageTooFar);
    expect(messageOf({ page: '200000000' })).toBe(MESSAGES.pageTooFar);
    expect(messageOf({ page: '99999999999999999999' })).toBe(MESSAGES.pageTooFar);
    expect(MESSAGES.pageTooFar).toContain(MAX_LIST_ROWS.toLocaleString('en-US'));
  });

  it('says what a page and a limit may be', () => {
    for (const page of ['0', '-1', '1.5', 'abc']) expect(messageOf({ page }), page).toBe(MESSAGES.pageInvalid);
    for (const limit of ['0', '201', '2.5', 'x', '99999999999999999999']) {
      expect(messageOf({ limit }), limit).toBe(MESSAGES.limitInvalid);
    }
    expect(MESSAGES.limitInvalid).toContain(String(MAX_PAGE_SIZE));
  });
});
