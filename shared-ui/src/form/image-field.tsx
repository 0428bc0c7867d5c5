/**
 * An image in a form: the field to choose it (ImagePicker, bound to the form's value) and the
 * uploads behind it. A picked file is uploaded when the form is sent, with its progress in the
 * field, and each file is uploaded once: sending again after a refusal, or after an upload that
 * failed, reuses the URLs already handed back and uploads only what is still missing.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import type { UploadImageOptions } from 'shared-api';
import { ImagePicker } from '../image-picker';
import { type ImageValue, resolveImage } from '../lib/image-value';

export interface ImageUploads {
  /** upload progress (0..1) of the fields whose image is uploading */
  progress: Readonly<Record<string, number>>;
  /**
   * The URL to send for a field's image: a picked file is uploaded (once), a stored image
   * keeps its URL, no image is null. Rejects as uploadImage does.
   */
  upload: (name: string, image: ImageValue | null | undefined) => Promise<string | null>;
}

/**
 * An agent's proof screenshots: in chunks that resume after a dropped connection or a reload
 * (docs/domain.md, Images, Uploads that resume).
 */
export const PROOF_UPLOADS: UploadImageOptions = { resumable: true };

/** One form's uploads; `options` go to every upload (e.g. `{ private: true }` for CNIC images). */
export function useImageUploads(options?: UploadImageOptions): ImageUploads {
  const [progress, setProgress] = useState<Record<string, number>>({});
  // per picked file: its upload, finished or under way; a failed one is forgotten, so it is tried again
  const uploads = useRef(new WeakMap<File, Promise<string | null>>());

  const upload = useCallback(
    async (name: string, image: ImageValue | null | undefined) => {
      const file = image?.file;
      if (!image || !file) return image?.url ?? null;
      let pending = uploads.current.get(file);
      if (!pending) {
        setProgress((current) => ({ ...current, [name]: 0 }));
        pending = resolveImage(
          image,
          (fraction) => setProgress((current) => ({ ...current, [name]: fraction })),
          options,
        );
        uploads.current.set(file, pending);
        const settled = () =>
          setProgress((current) => {
            const { [name]: _done, ...rest } = current;
            return rest;
          });
        pending.then(settled, () => {
          uploads.current.delete(file);
          settled();
        });
      }
      return pending;
    },
    [options],
  );

  return useMemo(() => ({ progress, upload }), [progress, upload]);
}

export interface ImageFieldProps<T extends FieldValues, Out> {
  control: Control<T, unknown, Out>;
  name: Path<T>;
  /** where the progress of this field's upload comes from */
  uploads: ImageUploads;
  id?: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
}

export function ImageField<T extends FieldValues, Out>({
  control,
  name,
  uploads,
  id,
  label,
  required,
  disabled,
}: ImageFieldProps<T, Out>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <ImagePicker
      id={id}
      label={label}
      value={(field.value as ImageValue | null | undefined) ?? null}
      onChange={field.onChange}
      inputRef={field.ref}
      required={required}
      error={fieldState.error?.message}
      progress={uploads.progress[name] ?? null}
      disabled={disabled}
    />
  );
}
