import { describe, expect, it } from 'vitest';
import { findRoute, withoutTrailingSlashes } from './routes';

describe('withoutTrailingSlashes', () => {
  it('drops every slash the address ends with, and nothing else', () => {
    expect(withoutTrailingSlashes('http://localhost:3000/')).toBe('http://localhost:3000');
    expect(withoutTrailingSlashes('https://example.com/app///')).toBe('https://example.com/app');
    expect(withoutTrailingSlashes('https://example.com/app')).toBe('https://example.com/app');
    expect(withoutTrailingSlashes('///')).toBe('');
    expect(withoutTrailingSlashes(`${'/'.repeat(100_000)}x`)).toBe(`${'/'.repeat(100_000)}x`);
  });
});

describe('findRoute', () => {
  it('finds a route whatever slashes the path ends with', () => {
    expect(findRoute('/agent/orders')?.path).toBe('/agent/orders');
    expect(findRoute('/agent/orders//')?.path).toBe('/agent/orders');
    expect(findRoute('/agent/detail/abc/')?.path).toBe('/agent/detail/:id');
  });
});
