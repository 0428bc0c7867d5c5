import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MESSAGES } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImagePicker, type ImagePickerProps } from './image-picker';
import { type ImageValue, imageFromUrl } from './lib/image-value';

let objectUrls = 0;

/** A picker holding its value, as a form would; `changes` records what it was told. */
function Field(props: Partial<ImagePickerProps> & { initial?: ImageValue | null; changes?: unknown[] }) {
  const { initial = null, changes, ...rest } = props;
  const [value, setValue] = useState<ImageValue | null>(initial);
  return (
    <ImagePicker
      label="thumbnail"
      value={value}
      onChange={(next) => {
        changes?.push(next);
        setValue(next);
      }}
      {...rest}
    />
  );
}

const png = (name = 'shelf.png', bytes = 1024) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('ImagePicker', () => {
  beforeEach(() => {
    objectUrls = 0;
    URL.createObjectURL = vi.fn(() => `blob:preview-${++objectUrls}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a labelled file chooser for images only, and no preview while empty', () => {
    render(<Field required />);
    const input = screen.getByLabelText(/^thumbnail/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');
    expect(input).toBeRequired();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /replace/ })).not.toBeInTheDocument();
  });

  it('previews a picked image and hands the file to the form', async () => {
    const changes: unknown[] = [];
    render(<Field changes={changes} required />);
    const file = png();

    await userEvent.setup().upload(screen.getByLabelText(/^thumbnail/), file);

    expect(screen.getByRole('img', { name: 'thumbnail preview' })).toHaveAttribute('src', 'blob:preview-1');
    expect(changes).toEqual([{ url: null, file, previewUrl: 'blob:preview-1' }]);
    expect(screen.getByLabelText(/^thumbnail/)).not.toBeRequired();
    expect(screen.getByRole('button', { name: 'remove thumbnail' })).toBeVisible();
  });

  it('moves focus to replace once a file is chosen (the chooser is hidden then)', () => {
    render(<Field />);
    const input = screen.getByLabelText('thumbnail');
    input.focus();

    // as a browser does when its file dialog closes: the input still has focus
    fireEvent.change(input, { target: { files: [png()] } });

    expect(screen.getByRole('button', { name: 'replace thumbnail' })).toHaveFocus();
  });

  it('shows an image already stored, and replaces it with a picked one', async () => {
    const user = userEvent.setup();
    render(<Field initial={imageFromUrl('https://cdn.example.com/old.png')} />);
    expect(screen.getByRole('img', { name: 'thumbnail preview' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/old.png',
    );
    const input = screen.getByLabelText('thumbnail') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');

    await user.click(screen.getByRole('button', { name: 'replace thumbnail' }));
    expect(click).toHaveBeenCalled();
    await user.upload(input, png('new.png'));

    expect(screen.getByRole('img', { name: 'thumbnail preview' })).toHaveAttribute('src', 'blob:preview-1');
  });

  it('frees the previous preview when a picked image is replaced', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.upload(screen.getByLabelText('thumbnail'), png('a.png'));
    await user.upload(screen.getByLabelText('thumbnail'), png('b.png'));

    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.getByRole('img', { name: 'thumbnail preview' })).toHaveAttribute('src', 'blob:preview-2');
  });

  it('removes the image and gives focus back to the chooser', async () => {
    const user = userEvent.setup();
    const changes: unknown[] = [];
    render(<Field changes={changes} initial={imageFromUrl('https://cdn.example.com/old.png')} />);

    await user.click(screen.getByRole('button', { name: 'remove thumbnail' }));

    expect(changes).toEqual([null]);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByLabelText('thumbnail')).toHaveFocus();
  });

  it('refuses a file that is not an image, with a message, and keeps the value', async () => {
    const changes: unknown[] = [];
    render(<Field changes={changes} />);
    const pdf = new File(['%PDF-1.7'], 'cnic.pdf', { type: 'application/pdf' });

    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('thumbnail'), pdf);

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.imageTypeUnsupported);
    expect(screen.getByLabelText('thumbnail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('thumbnail')).toHaveAccessibleDescription(MESSAGES.imageTypeUnsupported);
    expect(changes).toEqual([]);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('refuses an image larger than 5 MB, with a message, and takes a smaller one after', async () => {
    const user = userEvent.setup();
    const changes: unknown[] = [];
    render(<Field changes={changes} />);

    await user.upload(screen.getByLabelText('thumbnail'), png('huge.png', 5 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.imageTooLarge);
    expect(changes).toEqual([]);

    await user.upload(screen.getByLabelText('thumbnail'), png('small.png', 5 * 1024 * 1024));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(changes).toHaveLength(1);
  });

  it("shows the form's message for the field", () => {
    render(<Field error={MESSAGES.thumbnailRequired} />);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.thumbnailRequired);
    expect(screen.getByLabelText('thumbnail')).toHaveAccessibleDescription(MESSAGES.thumbnailRequired);
  });

  it('announces an upload starting and ending through a live region that is always there', () => {
    const { container, rerender } = render(<ImagePicker label="thumbnail" value={null} onChange={() => {}} />);
    const status = container.querySelector('[aria-live="polite"]');
    expect(status).not.toBeNull();
    expect(status).toHaveTextContent(/^$/);

    rerender(<ImagePicker label="thumbnail" value={null} onChange={() => {}} progress={0.42} />);
    expect(container.querySelector('[aria-live="polite"]')).toBe(status);
    expect(status).toHaveTextContent('uploading thumbnail');

    rerender(<ImagePicker label="thumbnail" value={null} onChange={() => {}} progress={1} />);
    expect(status).toHaveTextContent('thumbnail uploaded');

    rerender(<ImagePicker label="thumbnail" value={null} onChange={() => {}} progress={null} />);
    expect(status).toHaveTextContent(/^$/);
  });

  it('shows upload progress as a progress bar while progress is a number', () => {
    const { rerender } = render(<ImagePicker label="thumbnail" value={null} onChange={() => {}} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    rerender(<ImagePicker label="thumbnail" value={null} onChange={() => {}} progress={0.42} />);
    expect(screen.getByRole('progressbar', { name: 'uploading thumbnail' })).toHaveAttribute('aria-valuenow', '42');

    rerender(<ImagePicker label="thumbnail" value={null} onChange={() => {}} progress={1} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    rerender(<ImagePicker label="thumbnail" value={null} onChange={() => {}} progress={null} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says how much of a picked file is left to send while it uploads', () => {
    const file = new File([new Uint8Array(2_000_000)], 'proof.png', { type: 'image/png' });
    const value: ImageValue = { url: null, file, previewUrl: 'blob:proof' };
    const { rerender } = render(<ImagePicker label="screenshot" value={value} onChange={() => {}} progress={0.25} />);
    expect(screen.getByText('1.5 MB left')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '25%, 1.5 MB left');
    // resumed after a drop at 90 %: only the rest is left
    rerender(<ImagePicker label="screenshot" value={value} onChange={() => {}} progress={0.9} />);
    expect(screen.getByText('200 KB left')).toBeInTheDocument();
    rerender(<ImagePicker label="screenshot" value={value} onChange={() => {}} progress={null} />);
    expect(screen.queryByText(/left$/)).not.toBeInTheDocument();
  });

  it('can be disabled while the form is busy', () => {
    render(<Field initial={imageFromUrl('https://cdn.example.com/old.png')} disabled />);
    expect(screen.getByRole('button', { name: 'replace thumbnail' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'remove thumbnail' })).toBeDisabled();
  });
});
