import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';
import { testUser } from 'shared-api/testing/users';
import { describe, expect, it, vi } from 'vitest';
import { sessionOf } from '../test/render-app';
import { ErrorBoundary } from './error-boundary';
import { ErrorScreen } from './error-screen';

function Broken(): never {
  throw new Error('render failed');
}

describe('error screen', () => {
  it.each([
    ['admin', '/admin/dashboard'],
    ['manager', '/admin/dashboard'],
    ['agent', '/agent/dashboard'],
  ] as const)('offers a signed-in %s the way back to %s', (role, dashboard) => {
    sessionOf(testUser(role));
    render(<ErrorScreen />);
    expect(screen.getByRole('heading', { name: MESSAGES.somethingWentWrong })).toBeVisible();
    expect(screen.getByRole('link', { name: 'back to your home page' })).toHaveAttribute('href', dashboard);
  });

  it('offers a signed-out visitor the way back to sign-in', () => {
    sessionOf(null);
    render(<ErrorScreen />);
    expect(screen.getByRole('link', { name: 'back to sign-in' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Retry when the failed part can run again', async () => {
    sessionOf(null);
    const onRetry = vi.fn();
    render(<ErrorScreen onRetry={onRetry} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('is what a screen that fails to render shows', () => {
    sessionOf(testUser('agent'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.somethingWentWrong);
    expect(screen.getByRole('link', { name: 'back to your home page' })).toHaveAttribute('href', '/agent/dashboard');
    vi.restoreAllMocks();
  });

  it('says it in Urdu, with Retry and the way back, when Urdu is chosen', async () => {
    sessionOf(testUser('agent'));
    await act(() => setLocale('ur'));
    try {
      render(<ErrorScreen onRetry={() => {}} />);
      expect(screen.getByRole('heading', { name: 'کچھ غلط ہو گیا۔' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'دوبارہ کوشش کریں' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'اپنے ہوم پیج پر واپس جائیں' })).toHaveAttribute(
        'href',
        '/agent/dashboard',
      );
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
