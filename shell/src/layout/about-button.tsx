/**
 * The sidebar's 'About' button: opens the About panel (about-dialog.tsx), loaded only when
 * first opened, so the signed-in layout's first visit carries nothing of it but this button.
 */
import { lazy, Suspense, useState } from 'react';
import { useT } from '../i18n';

const AboutDialog = lazy(() => import('./about-dialog'));

export function AboutButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="sidebar-link sidebar-action"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('shell.about.title')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AboutDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
