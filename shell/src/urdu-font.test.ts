import { act } from '@testing-library/react';
import { setLocale } from 'shared-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadUrduFontWhenChosen } from './urdu-font';

const loaded = vi.hoisted(() => [] as string[]);
vi.mock('@fontsource/noto-nastaliq-urdu/arabic-400.css', () => {
  loaded.push('400');
  return {};
});
vi.mock('@fontsource/noto-nastaliq-urdu/arabic-700.css', () => {
  loaded.push('700');
  return {};
});

describe('the Urdu font', () => {
  afterEach(() => act(() => setLocale('en')));

  it('is not fetched for English, and is fetched once, both weights, when Urdu is chosen', async () => {
    loadUrduFontWhenChosen();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded).toEqual([]);

    await act(() => setLocale('ur'));
    await vi.waitFor(() => expect([...loaded].sort()).toEqual(['400', '700']));

    await act(() => setLocale('en'));
    await act(() => setLocale('ur'));
    expect(loaded).toHaveLength(2);
  });
});
