/**
 * A person's ID card images, as an admin checks them (the pending user's page and a user's page):
 * each side enlarges in the lightbox; a link that has run out (they are short-lived) offers to
 * read the user again.
 */
import { useId, useState } from 'react';
import type { User } from 'shared-api/contract';
import { Lightbox } from 'shared-ui/lightbox';
import { useT } from './i18n';

const ID_SIDES = [
  { key: 'cnicFront', label: 'admin.users.id.front' },
  { key: 'cnicBack', label: 'admin.users.id.back' },
] as const;

export function IdImages({
  user,
  heading,
  onImagesExpired,
}: {
  user: Pick<User, 'cnicFront' | 'cnicBack'>;
  heading: string;
  /** the links lasted their few minutes: read the user again for new ones */
  onImagesExpired: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const [enlarged, setEnlarged] = useState<number | null>(null);
  const [broken, setBroken] = useState<Record<string, boolean>>({});
  const images = ID_SIDES.flatMap(({ key, label }) => {
    const src = user[key];
    return src && !broken[key] ? [{ key, src, alt: t(label) }] : [];
  });

  return (
    <section className="admin-user-cnic" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <div className="admin-user-cnic-images">
        {ID_SIDES.map(({ key, label: labelKey }) => {
          const label = t(labelKey);
          const src = user[key];
          const index = images.findIndex((image) => image.key === key);
          return (
            <figure key={key} className="admin-user-cnic-figure">
              {src && index >= 0 ? (
                <button
                  type="button"
                  className="admin-user-cnic-button"
                  aria-label={t('admin.users.id.enlarge', { label })}
                  onClick={() => setEnlarged(index)}
                >
                  <img src={src} alt={label} onError={() => setBroken((b) => ({ ...b, [key]: true }))} />
                </button>
              ) : (
                <div className="admin-user-cnic-missing">
                  {src ? (
                    <>
                      <span>{t('admin.users.id.expired')}</span>
                      <button
                        type="button"
                        className="ui-button ui-button-small"
                        onClick={() => {
                          setBroken({});
                          onImagesExpired();
                        }}
                      >
                        {t('admin.users.id.reload')}
                      </button>
                    </>
                  ) : (
                    <span>{t('admin.users.id.none')}</span>
                  )}
                </div>
              )}
              <figcaption>{label}</figcaption>
            </figure>
          );
        })}
      </div>
      <Lightbox images={images} index={enlarged} onClose={() => setEnlarged(null)} />
    </section>
  );
}
