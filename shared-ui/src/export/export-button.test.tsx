import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type DownloadedFile, type DownloadOptions, setLocale } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_FAILED, ExportButton } from './export-button';

/** A download the test finishes by hand, reporting progress on the way. */
function pendingDownload() {
  let options: DownloadOptions = {};
  let finish: (file: DownloadedFile) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const download = vi.fn(
    (given: DownloadOptions) =>
      new Promise<DownloadedFile>((resolve, reject) => {
        options = given;
        finish = resolve;
        fail = reject;
      }),
  );
  return {
    download,
    progress: (bytes: number) => act(() => options.onProgress?.(bytes)),
    finish: (file: DownloadedFile) => act(async () => finish(file)),
    fail: (error: unknown) => act(async () => fail(error)),
    signal: () => options.signal,
  };
}

const csv = (filename: string): DownloadedFile => ({
  blob: new Blob(['a,b\r\n1,2\r\n'], { type: 'text/csv' }),
  filename,
});

describe('ExportButton', () => {
  const clicked: Array<{ href: string; download: string }> = [];
  const { createObjectURL, revokeObjectURL } = URL;

  beforeEach(() => {
    clicked.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/export-1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  it("counts the bytes received while it runs, then saves the file under the server's name", async () => {
    const user = userEvent.setup();
    const run = pendingDownload();
    render(<ExportButton download={run.download} />);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const button = screen.getByRole('button', { name: 'Exporting…' });
    expect(button).toBeDisabled();

    run.progress(65_536);
    expect(screen.getByRole('button', { name: 'Exporting… 65 KB' })).toBeDisabled();
    run.progress(1_250_000);
    expect(screen.getByRole('button', { name: 'Exporting… 1.2 MB' })).toBeDisabled();

    const file = csv('orders-2026-11-23.csv');
    await run.finish(file);

    expect(URL.createObjectURL).toHaveBeenCalledWith(file.blob);
    expect(clicked).toEqual([{ href: 'blob:http://localhost/export-1', download: 'orders-2026-11-23.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(screen.getByText('Saved orders-2026-11-23.csv')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('lets go of the file once the browser has it', async () => {
    vi.useFakeTimers();
    try {
      const run = pendingDownload();
      render(<ExportButton download={run.download} />);
      act(() => screen.getByRole('button', { name: 'Export CSV' }).click());
      await run.finish(csv('orders.csv'));
      expect(URL.revokeObjectURL).not.toHaveBeenCalled();
      act(() => vi.runAllTimers());
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/export-1');
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's message when the export is refused, and can be tried again", async () => {
    const user = userEvent.setup();
    const run = pendingDownload();
    render(<ExportButton download={run.download} />);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await run.fail(new ApiError(MESSAGES.searchDateRange, 'response', 400, true));

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.searchDateRange);
    expect(clicked).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(run.download).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the export failed when the server could not be reached', async () => {
    const user = userEvent.setup();
    const run = pendingDownload();
    render(<ExportButton download={run.download} />);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await run.fail(new ApiError(MESSAGES.noResponse, 'network'));

    expect(screen.getByRole('alert')).toHaveTextContent(EXPORT_FAILED);
  });

  it('cancels a running export: the download is aborted and nothing is saved', async () => {
    const user = userEvent.setup();
    const run = pendingDownload();
    render(<ExportButton download={run.download} />);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('button', { name: 'cancel export' }));

    expect(run.signal()?.aborted).toBe(true);
    await run.fail(new DOMException('The operation was aborted.', 'AbortError'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(clicked).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('stops the download when the list is left', async () => {
    const user = userEvent.setup();
    const run = pendingDownload();
    const { unmount } = render(<ExportButton download={run.download} />);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    unmount();

    expect(run.signal()?.aborted).toBe(true);
  });

  describe('in Urdu', () => {
    afterEach(() => act(() => setLocale('en')));

    it('offers the column names in Urdu, unticked: English stays the default', async () => {
      const user = userEvent.setup();
      await act(() => setLocale('ur'));
      const { download, finish } = pendingDownload();
      render(<ExportButton download={download} />);
      const urduHeaders = screen.getByRole('checkbox', { name: 'کالموں کے نام اردو میں' });
      expect(urduHeaders).not.toBeChecked();

      await user.click(screen.getByRole('button', { name: 'CSV ایکسپورٹ کریں' }));
      expect(download.mock.calls[0]?.[0]).not.toHaveProperty('language');
      await finish(csv('orders.csv'));

      await user.click(urduHeaders);
      await user.click(screen.getByRole('button', { name: 'CSV ایکسپورٹ کریں' }));
      expect(download.mock.calls[1]?.[0]).toMatchObject({ language: 'ur' });
      await finish(csv('orders.csv'));
    });

    it('offers nothing for a file whose columns a bank reads, nor in English', async () => {
      await act(() => setLocale('ur'));
      const { download } = pendingDownload();
      const { unmount } = render(<ExportButton download={download} label="transfer.csv" offerUrduHeaders={false} />);
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
      unmount();
      await act(() => setLocale('en'));
      render(<ExportButton download={download} />);
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    });
  });
});
