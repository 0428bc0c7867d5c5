import { MARKETPLACES } from 'shared-api/contract';
import { describe, expect, it } from 'vitest';
import { orderFixture } from '../test/fixtures';
import {
  agentStatusLabel,
  FALLBACK_PRODUCT_IMAGE,
  marketplaceFlag,
  marketplaceName,
  orderScreenshots,
  orderStatusLabel,
  productImageSrc,
} from './order-display';

describe('order display helpers', () => {
  it('labels agent statuses as the contract does, cancelled as Cancelled', () => {
    expect(agentStatusLabel('submitted')).toBe('submitted');
    expect(agentStatusLabel('Feedbacked')).toBe('Feedbacked');
    expect(agentStatusLabel('cancelled')).toBe('Cancelled');
  });

  it('labels manager statuses, Feedback Rfnd as Feedback Refund, and an unset one as not set', () => {
    expect(orderStatusLabel('Feedback Rfnd')).toBe('Feedback Refund');
    expect(orderStatusLabel('On-Hold')).toBe('On-Hold');
    expect(orderStatusLabel('')).toBe('Not set');
  });

  it('gives every marketplace a flag and a name, the UK the British flag', () => {
    expect(marketplaceFlag('US')).toBe('🇺🇸');
    expect(marketplaceFlag('UK')).toBe('🇬🇧');
    expect(marketplaceFlag('CA')).toBe('🇨🇦');
    expect(marketplaceName('DE')).toBe('Germany');
    for (const code of MARKETPLACES) {
      expect([...marketplaceFlag(code)]).toHaveLength(2);
      expect(marketplaceName(code)).not.toBe('');
    }
  });

  it('lists only the screenshots an order has, in working order', () => {
    expect(orderScreenshots(orderFixture())).toEqual([
      { kind: 'order', label: 'order screenshot', src: 'https://images.example.com/orders/order-1.png' },
    ]);
    const all = orderScreenshots(
      orderFixture({ reviewScreenShot: 'r.png', FeedbackScreenShot: 'f.png', refundShot: 'x.png' }),
    );
    expect(all.map((s) => [s.kind, s.label, s.src])).toEqual([
      ['order', 'order screenshot', 'https://images.example.com/orders/order-1.png'],
      ['review', 'review screenshot', 'r.png'],
      ['feedback', 'feedback screenshot', 'f.png'],
      ['refund', 'refund screenshot', 'x.png'],
    ]);
    expect(orderScreenshots(orderFixture({ orderScreenshot: ' ' }))).toEqual([]);
  });

  it('falls back to an inline SVG placeholder for a product without an image', () => {
    expect(FALLBACK_PRODUCT_IMAGE).toMatch(/^data:image\/svg\+xml,/);
    expect(productImageSrc('')).toBe(FALLBACK_PRODUCT_IMAGE);
    expect(productImageSrc(null)).toBe(FALLBACK_PRODUCT_IMAGE);
    expect(productImageSrc('https://x/y.png')).toBe('https://x/y.png');
  });
});
