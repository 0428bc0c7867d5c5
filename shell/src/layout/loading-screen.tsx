/** A small loading state (session boot, a lazy page, a remote on its way). */
import { useT } from '../i18n';

export function LoadingScreen({ label }: { label?: string }) {
  const t = useT();
  return (
    <p className="loading-screen" role="status">
      {label ?? t('shell.loading')}
    </p>
  );
}
