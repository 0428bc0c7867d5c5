/**
 * One request without a token must not hold the server: every string field of the public
 * routes (login, register, the registration's image upload) gets a 900 KB value shaped to make
 * a backtracking pattern work hard, and is refused with a 4xx { message } that changes nothing.
 * A stall fails the test through vitest's timeout; nothing here measures time.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/helpers';
import { makeImage, multipartRequest, uploadCnicImage } from '../test/images';

const SIZE = 900_000;

/** Values that make a backtracking pattern try every split of a long run, each 900 KB or more. */
const ADVERSARIAL: Record<string, string> = {
  'an email of dots': `a@${'.'.repeat(SIZE)}@`,
  'a run of one character': 'a'.repeat(SIZE),
  'a run of spaces between words': `a${' '.repeat(SIZE)}b!`,
  'digits that almost make a phone number': `+92${'1'.repeat(SIZE)}x`,
  'slashes that almost make a link': `http://localhost/api/private/${'/'.repeat(SIZE)}x`,
};

function expectRefusal(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, what).toBeLessThan(500);
  const body = res.json() as { message?: unknown };
  expect(typeof body.message === 'string' && body.message.length > 0, what).toBe(true);
}

describe('a 900 KB value in any string field of a public route', () => {
  let t: TestApp;
  let registration: Record<string, string>;
  let counts: () => Promise<{ users: number; uploads: number }>;
  let before: { users: number; uploads: number };

  beforeAll(async () => {
    t = await createTestApp();
    registration = {
      firstName: 'Ayesha',
      lastName: 'Khan',
      email: 'ayesha.oversized@example.com',
      password: 'secret-password',
      gender: 'female',
      phoneNumber: '+923001234567',
      city: 'Lahore',
      state: 'pakistan',
      referralName: 'Bilal',
      referralContact: '+923001234568',
      referralUserId: '',
      cnicFront: await uploadCnicImage(t.app),
      cnicBack: await uploadCnicImage(t.app),
      role: 'agent',
    };
    counts = async () => ({ users: Number(await t.db.$count(users)), uploads: Number(await t.db.$count(uploads)) });
    before = await counts();
  });
  afterAll(() => t.close());

  it.each(['email', 'password'])('POST /api/login %s is refused', async (field) => {
    for (const [shape, value] of Object.entries(ADVERSARIAL)) {
      const body = { email: 'someone@example.com', password: 'secret-password', [field]: value };
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: body });
      expectRefusal(res, `${field}: ${shape}`);
    }
  });

  it.each([
    'firstName',
    'lastName',
    'email',
    'password',
    'gender',
    'phoneNumber',
    'city',
    'state',
    'referralName',
    'referralContact',
    'referralUserId',
    'cnicFront',
    'cnicBack',
    'role',
  ])('POST /api/register %s is refused', async (field) => {
    for (const [shape, value] of Object.entries(ADVERSARIAL)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { ...registration, [field]: value },
      });
      expectRefusal(res, `${field}: ${shape}`);
    }
  });

  it('POST /api/uploads purpose is refused', async () => {
    const image = await makeImage('jpeg');
    for (const [shape, value] of Object.entries(ADVERSARIAL)) {
      const res = await t.app.inject(
        await multipartRequest('/api/uploads', {
          fields: { purpose: value },
          files: [{ data: image, filename: 'cnic.jpg', contentType: 'image/jpeg' }],
        }),
      );
      expectRefusal(res, `purpose: ${shape}`);
    }
  });

  it("POST /api/uploads the file's name is refused", async () => {
    const image = await makeImage('jpeg');
    // busboy keeps only the last segment of a name with slashes (here 'x'), which is a fine name
    const shapes = Object.entries(ADVERSARIAL).filter(([, value]) => !value.includes('/'));
    for (const [shape, value] of shapes) {
      const res = await t.app.inject(
        await multipartRequest('/api/uploads', {
          fields: { purpose: 'cnic' },
          files: [{ data: image, filename: value, contentType: 'image/jpeg' }],
        }),
      );
      expectRefusal(res, `file name: ${shape}`);
    }
  });

  it('changes nothing: no account, no image', async () => {
    expect(await counts()).toEqual(before);
  });
});
