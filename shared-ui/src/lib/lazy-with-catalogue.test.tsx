import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { registerCatalogue, setLocale, useTranslate } from 'shared-api';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueLoaded, lazyWithCatalogue } from './lazy-with-catalogue';

function Page() {
  const t = useTranslate();
  return <h1>{t('part.title')}</h1>;
}

describe('lazyWithCatalogue', () => {
  afterEach(() => act(() => setLocale('en')));

  it('shows a page in Urdu only once its part of the catalogue has arrived, never in English half-way', async () => {
    await act(() => setLocale('ur'));
    let arrive: (messages: { default: Record<string, string> }) => void = () => {};
    const urdu = new Promise<{ default: Record<string, string> }>((resolve) => (arrive = resolve));
    // the page's module registers its part when it loads, as src/users/i18n.ts does
    const LazyPage = lazyWithCatalogue(async () => {
      registerCatalogue('part', { en: { 'part.title': 'Users' }, ur: () => urdu });
      return { default: Page };
    }, 'part');

    render(
      <Suspense fallback={<p>waiting</p>}>
        <LazyPage />
      </Suspense>,
    );
    expect(await screen.findByText('waiting')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    await act(async () => arrive({ default: { 'part.title': 'صارفین' } }));
    expect(await screen.findByRole('heading', { name: 'صارفین' })).toBeInTheDocument();
    expect(screen.queryByText('Users')).not.toBeInTheDocument();
  });

  it('waits no longer than it is told when the part does not come (the page then shows in English)', async () => {
    await act(() => setLocale('ur'));
    registerCatalogue('never', { en: { 'never.title': 'Never' }, ur: () => new Promise(() => {}) });
    let settled = false;
    const waiting = catalogueLoaded('never', 30).then(() => {
      settled = true;
    });
    expect(settled).toBe(false);
    await waiting;
    expect(settled).toBe(true);
  });

  it('does not wait in English: the part came with the page', async () => {
    registerCatalogue('english', { en: { 'english.title': 'Here' }, ur: () => new Promise(() => {}) });
    await expect(catalogueLoaded('english', 60_000)).resolves.toBeUndefined();
  });
});
