/** Full-screen view of one image of a set, with previous/next when there are several. */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { DIRECTION, useLocale } from 'shared-api';
import { useT } from './lib/i18n';
import { useDialogFocus } from './lib/use-dialog-focus';
import './lightbox.css';

export interface LightboxImage {
  src: string;
  alt: string;
}

export interface LightboxProps {
  images: ReadonlyArray<LightboxImage>;
  /** the image shown; null: closed */
  index: number | null;
  onClose: () => void;
  /** told when the person moves to another image (the lightbox follows on its own too) */
  onIndexChange?: (index: number) => void;
}

export function Lightbox({ images, index, onClose, onIndexChange }: LightboxProps) {
  const t = useT();
  const rtl = DIRECTION[useLocale()] === 'rtl';
  const dialogRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(index ?? 0);
  const open = index !== null && images.length > 0;
  const dialog = useDialogFocus(dialogRef, open, onClose);

  useEffect(() => {
    if (index !== null) setCurrent(index);
  }, [index]);

  if (!open) return null;

  const count = images.length;
  const shown = Math.min(Math.max(current, 0), count - 1);
  const image = images[shown];
  if (!image) return null;

  const go = (step: number) => {
    const next = (shown + step + count) % count;
    setCurrent(next);
    onIndexChange?.(next);
  };

  // the arrow that points back goes back: left in English, right in Urdu (right to left)
  const backKey = rtl ? 'ArrowRight' : 'ArrowLeft';
  const forwardKey = rtl ? 'ArrowLeft' : 'ArrowRight';
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count > 1 && event.key === backKey) {
      event.preventDefault();
      go(-1);
    } else if (count > 1 && event.key === forwardKey) {
      event.preventDefault();
      go(1);
    } else {
      dialog.onKeyDown(event);
    }
  };

  return createPortal(
    <div
      ref={dialogRef}
      className="ui-lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={image.alt || t('ui.lightbox.image')}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <img className="ui-lightbox-image" src={image.src} alt={image.alt} />
      <button
        type="button"
        className="ui-lightbox-button ui-lightbox-close"
        aria-label={t('ui.common.close')}
        onClick={onClose}
      >
        <span aria-hidden="true">×</span>
      </button>
      {count > 1 ? (
        <>
          <button
            type="button"
            className="ui-lightbox-button ui-lightbox-previous"
            aria-label={t('ui.lightbox.previous')}
            onClick={() => go(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="ui-lightbox-button ui-lightbox-next"
            aria-label={t('ui.lightbox.next')}
            onClick={() => go(1)}
          >
            <span aria-hidden="true">›</span>
          </button>
          <p className="ui-lightbox-counter" aria-live="polite">
            <bdi dir="ltr">{t('ui.lightbox.counter', { current: shown + 1, count })}</bdi>
            {image.alt ? <span className="ui-lightbox-caption">{image.alt}</span> : null}
          </p>
        </>
      ) : image.alt ? (
        <p className="ui-lightbox-counter">
          <span className="ui-lightbox-caption">{image.alt}</span>
        </p>
      ) : null}
    </div>,
    document.body,
  );
}
