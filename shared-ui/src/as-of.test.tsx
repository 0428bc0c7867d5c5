import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AsOf } from './as-of';
import { formatDateTime } from './lib/format';

const FETCHED = Date.parse('2026-11-20T09:30:00.000Z');

describe('AsOf', () => {
  afterEach(() => vi.restoreAllMocks());

  it('marks figures with the time they are from while offline only', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<AsOf updatedAt={FETCHED} />);
    expect(screen.queryByText(/^As of/)).toBeNull();

    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText(`As of ${formatDateTime('2026-11-20T09:30:00.000Z')}`)).toBeInTheDocument();
  });

  it('says nothing offline when nothing was ever fetched', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { container } = render(<AsOf updatedAt={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});
