/**
 * A referrer's contact details are an admin's to see. Anyone can learn a vendor's id (the
 * products list carries it), so registering with it as the referrer must not reveal the
 * vendor's email or phone number.
 */
import { loginResponseSchema, registerResponseSchema, userSchema } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import { uploadCnicImage } from '../test/images';

const VENDOR_EMAIL = 'vendor.private@example.com';
const VENDOR_PHONE = '+923217654321';

describe("a referrer's contact details", () => {
  let t: TestApp;
  let vendor: UserRow;
  beforeAll(async () => {
    t = await createTestApp();
    vendor = (
      await createUser(t.db, {
        role: 'manager',
        firstName: 'Vera',
        lastName: 'Vendor',
        email: VENDOR_EMAIL,
        phoneNumber: VENDOR_PHONE,
      })
    ).user;
  });
  afterAll(() => t.close());

  let counter = 0;
  const PASSWORD = 'curious-registrant-7';
  /** Registers with the vendor's id as the referrer, as anyone could. */
  async function registerWithVendorAsReferrer() {
    const email = `curious.${++counter}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        firstName: 'Cora',
        lastName: 'Curious',
        email,
        password: PASSWORD,
        gender: 'female',
        phoneNumber: '+923001112233',
        city: 'Karachi',
        state: 'pakistan',
        referralName: 'Vera',
        referralContact: '+923000000000',
        referralUserId: vendor.id,
        cnicFront: await uploadCnicImage(t.app),
        cnicBack: await uploadCnicImage(t.app, 'png'),
      },
    });
    expect(res.statusCode).toBe(201);
    return { email, body: registerResponseSchema.parse(res.json()) };
  }

  /** The referrer as anyone but an admin sees it: its id and name, nothing else. */
  const idAndName = () => ({ _id: vendor.id, firstName: 'Vera', lastName: 'Vendor', name: 'Vera Vendor' });
  const expectIdAndNameOnly = (referrer: unknown, raw: string) => {
    expect(referrer).toEqual(idAndName());
    expect(raw).not.toContain(VENDOR_EMAIL);
    expect(raw).not.toContain(VENDOR_PHONE);
  };

  it('are not in the registration answer', async () => {
    const { body } = await registerWithVendorAsReferrer();
    expectIdAndNameOnly(body.user.referralUserId, JSON.stringify(body));
  });

  it('are not in GET /api/user, for a pending user or an approved one', async () => {
    const { body } = await registerWithVendorAsReferrer();
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${body.token}` } });
    const pending = await me();
    expect(pending.statusCode).toBe(200);
    expectIdAndNameOnly(userSchema.parse(pending.json()).referralUserId, pending.body);

    const approved = await injectAs(t.app, 'admin', { method: 'PUT', url: `/api/user/${body.user._id}/approve` });
    expect(approved.statusCode).toBe(200);
    const after = await me();
    expect(after.json().status).toBe('approved');
    expectIdAndNameOnly(after.json().referralUserId, after.body);
  });

  it('are not in the login answer', async () => {
    const { email, body } = await registerWithVendorAsReferrer();
    await injectAs(t.app, 'admin', { method: 'PUT', url: `/api/user/${body.user._id}/approve` });
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expectIdAndNameOnly(loginResponseSchema.parse(res.json()).user.referralUserId, res.body);
  });

  it("are in an admin's views: the pending users list, the user's detail and the approval answer", async () => {
    const { body } = await registerWithVendorAsReferrer();
    const withContact = { ...idAndName(), email: VENDOR_EMAIL, phoneNumber: VENDOR_PHONE };

    const list = await injectAs(t.app, 'admin', { method: 'GET', url: '/api/all/pendingusers?limit=200' });
    expect(list.statusCode).toBe(200);
    const listed = userSchema
      .array()
      .parse(list.json())
      .find((u) => u._id === body.user._id);
    expect(listed?.referralUserId).toEqual(withContact);

    const detail = await injectAs(t.app, 'admin', { method: 'GET', url: `/api/pendinguser/${body.user._id}` });
    expect(userSchema.parse(detail.json()).referralUserId).toEqual(withContact);

    const approved = await injectAs(t.app, 'admin', { method: 'PUT', url: `/api/user/${body.user._id}/approve` });
    expect(userSchema.parse(approved.json()).referralUserId).toEqual(withContact);
  });
});
