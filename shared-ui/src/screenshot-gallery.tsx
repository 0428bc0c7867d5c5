/** A button per screenshot an order has; each opens the lightbox at its image. */
import { useState } from 'react';
import { useT } from './lib/i18n';
import type { Screenshot } from './lib/order-display';
import { Lightbox } from './lightbox';
import './button.css';
import './screenshot-gallery.css';

export interface ScreenshotGalleryProps {
  /** the screenshots that exist (see orderScreenshots) */
  screenshots: ReadonlyArray<Screenshot>;
  /** names the group for assistive technology */
  label?: string;
}

export function ScreenshotGallery({ screenshots, label }: ScreenshotGalleryProps) {
  const t = useT();
  const [index, setIndex] = useState<number | null>(null);
  if (screenshots.length === 0) return null;

  return (
    <fieldset className="ui-screenshot-gallery">
      <legend className="ui-visually-hidden">{label ?? t('ui.screenshots.label')}</legend>
      {screenshots.map((shot, i) => (
        <button
          key={shot.kind}
          type="button"
          className="ui-button ui-button-small"
          aria-haspopup="dialog"
          onClick={() => setIndex(i)}
        >
          {shot.label}
        </button>
      ))}
      <Lightbox
        images={screenshots.map((shot) => ({ src: shot.src, alt: shot.label }))}
        index={index}
        onClose={() => setIndex(null)}
        onIndexChange={setIndex}
      />
    </fieldset>
  );
}
