import fc from 'fast-check';
import { MESSAGES, orderCreateInputSchema } from 'shared-api/contract';
import { describe, expect, it } from 'vitest';
import { canonicalText, payoutReferenceKey, payPalKey } from './canonical-key';
import { addressAndLookAlike, INVISIBLES, lookAlike, PLAIN_CHARACTERS, plainAddress } from './test/look-alikes';

const buyerPayPal = orderCreateInputSchema.shape.buyerPayPal;
const RUNS = 3000;

describe("a buyer's PayPal key", () => {
  it('is the same for every look-alike spelling of an address, and the API takes a spelling only when it is an address', () => {
    const seen = { accepted: 0, refused: 0, refusedInvisible: 0 };
    fc.assert(
      fc.property(addressAndLookAlike(), ({ address, variant }) => {
        expect(payPalKey(variant)).toBe(payPalKey(address));
        const parsed = buyerPayPal.safeParse(variant);
        if (parsed.success) {
          seen.accepted += 1;
          expect(payPalKey(parsed.data)).toBe(payPalKey(address));
        } else {
          seen.refused += 1;
          const message = parsed.error.issues[0]?.message;
          expect([MESSAGES.buyerPayPalInvalid, MESSAGES.buyerPayPalInvisible]).toContain(message);
          if (message === MESSAGES.buyerPayPalInvisible) seen.refusedInvisible += 1;
        }
      }),
      { numRuns: RUNS },
    );
    // both ways were taken, many times
    expect(seen.accepted).toBeGreaterThan(RUNS / 10);
    expect(seen.refusedInvisible).toBeGreaterThan(RUNS / 10);
  });

  it('refuses every spelling holding an invisible character, with a message that says so', () => {
    fc.assert(
      fc.property(plainAddress, fc.nat(60), fc.constantFrom(...INVISIBLES), (address, at, invisible) => {
        const chars = [...address];
        const position = 1 + (at % (chars.length - 1));
        const variant = [...chars.slice(0, position), invisible, ...chars.slice(position)].join('');
        const parsed = buyerPayPal.safeParse(variant);
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues[0]?.message).toBe(MESSAGES.buyerPayPalInvisible);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps different addresses apart, whatever tricks each is written with', () => {
    fc.assert(
      fc.property(addressAndLookAlike(), addressAndLookAlike(), (one, other) => {
        fc.pre(one.address !== other.address);
        expect(payPalKey(one.variant)).not.toBe(payPalKey(other.variant));
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps apart addresses one plain character apart', () => {
    fc.assert(
      fc.property(plainAddress, fc.nat(60), fc.constantFrom(...PLAIN_CHARACTERS), (address, at, replacement) => {
        const local = address.slice(0, address.indexOf('@'));
        const position = at % local.length;
        fc.pre(local[position] !== replacement && local[position] !== '.');
        const changed = `${local.slice(0, position)}${replacement}${address.slice(position + 1)}`;
        expect(payPalKey(changed)).not.toBe(payPalKey(address));
      }),
      { numRuns: 500 },
    );
  });

  it('accepts an email address or a phone number in international form, and nothing else', () => {
    fc.assert(
      fc.property(plainAddress, (address) => {
        expect(buyerPayPal.safeParse(address).success).toBe(true);
      }),
      { numRuns: 300 },
    );
    for (const phone of ['+923001234567', '+14155550123', '＋９２３００１２３４５６７']) {
      expect(buyerPayPal.safeParse(phone).success, phone).toBe(true);
    }
    for (const other of [
      'Sara Khan',
      '03001234567',
      '+92 300 1234567',
      'sara@',
      '@example.com',
      'sara@example',
      'a@b@c.com',
      'mailto:sara@example.com',
    ]) {
      expect(buyerPayPal.safeParse(other).error?.issues[0]?.message, other).toBe(MESSAGES.buyerPayPalInvalid);
    }
    // a phone's key keeps its digits apart from an address's
    expect(payPalKey('+923001234567')).not.toBe(payPalKey('+923001234568'));
  });

  it("reads the issue's spellings of shared.buyer@example.com as that address", () => {
    const address = 'shared.buyer@example.com';
    const tricks = [
      lookAlike(address, [{ kind: 'invisible', at: 6, pick: 0 }]),
      'shared.bu\u00adyer@example.com',
      'shared.buyer@example.com\u00a0',
      'shаrеd.buyer@example.com',
      'ｓｈａｒｅｄ.buyer@example.com',
      'shared.buyer@example.com.',
      'mailto:shared.buyer@example.com',
      'shared.buyer+promo@example.com',
      'SHARED.BUYER@EXAMPLE.COM',
    ];
    for (const variant of tricks) expect(payPalKey(variant), variant).toBe(payPalKey(address));
  });
});

describe('the canonical form of a text (payout references)', () => {
  it('is one for a reference written in another case, with invisible characters or look-alike letters', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKPQRSTUVWXYZ23456789-'), minLength: 3, maxLength: 20 }),
        fc.array(fc.record({ at: fc.nat(40), invisible: fc.constantFrom(...INVISIBLES) }), { maxLength: 3 }),
        fc.boolean(),
        (reference, inserts, lower) => {
          let variant = lower ? reference.toLowerCase() : reference;
          for (const { at, invisible } of inserts) {
            const position = at % (variant.length + 1);
            variant = `${variant.slice(0, position)}${invisible}${variant.slice(position)}`;
          }
          expect(payoutReferenceKey(variant)).toBe(payoutReferenceKey(reference));
        },
      ),
      { numRuns: 1000 },
    );
    expect(payoutReferenceKey('PP-ABC')).toBe(payoutReferenceKey('pp-abc'));
    expect(payoutReferenceKey('PP-ABC')).toBe(payoutReferenceKey('PP-ABC\u200b'));
    expect(payoutReferenceKey('PP-ABC')).toBe(payoutReferenceKey('ＰＰ－ＡＢＣ'));
    expect(payoutReferenceKey('PP-ABC')).toBe(payoutReferenceKey('РР-АВС'));
    expect(payoutReferenceKey('PP-ABC')).not.toBe(payoutReferenceKey('PP-ABD'));
    expect(canonicalText('order\u00a0 123')).toBe(canonicalText('order 123'));
  });
});
