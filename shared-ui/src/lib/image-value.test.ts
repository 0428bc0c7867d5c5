import { beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFromFile, imageFromUrl, resolveImage } from './image-value';

const uploadImage = vi.hoisted(() => vi.fn());
vi.mock('shared-api', () => ({ uploadImage }));

describe('image values', () => {
  beforeEach(() => {
    uploadImage.mockReset();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
  });

  it('makes a stored image from a URL, and none from an empty one', () => {
    expect(imageFromUrl('https://cdn.example.com/a.png')).toEqual({
      url: 'https://cdn.example.com/a.png',
      file: null,
      previewUrl: 'https://cdn.example.com/a.png',
    });
    expect(imageFromUrl('')).toBeNull();
    expect(imageFromUrl(null)).toBeNull();
    expect(imageFromUrl(undefined)).toBeNull();
  });

  it('uploads a picked file with progress and options, and returns its URL', async () => {
    const file = new File(['x'], 'front.png', { type: 'image/png' });
    uploadImage.mockResolvedValue('http://api.test/api/private/k');
    const onProgress = vi.fn();

    const url = await resolveImage(imageFromFile(file), onProgress, { private: true });

    expect(url).toBe('http://api.test/api/private/k');
    expect(uploadImage).toHaveBeenCalledWith(file, onProgress, { private: true });
  });

  it('keeps a stored image without uploading, and resolves no image to null', async () => {
    expect(await resolveImage(imageFromUrl('https://cdn.example.com/a.png'))).toBe('https://cdn.example.com/a.png');
    expect(await resolveImage(null)).toBeNull();
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it('passes an upload failure on', async () => {
    uploadImage.mockRejectedValue(new Error('The image is larger than 5 MB.'));
    await expect(resolveImage(imageFromFile(new File(['x'], 'a.png', { type: 'image/png' })))).rejects.toThrow(
      'The image is larger than 5 MB.',
    );
  });
});
