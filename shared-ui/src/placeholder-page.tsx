/**
 * A page that a later issue replaces: its heading names the page, so routing can be
 * checked end to end before the real screen exists.
 */
import { useT } from './lib/i18n';
export interface PlaceholderPageProps {
  /** the page's name, shown as its heading */
  title: string;
}

export function PlaceholderPage({ title }: PlaceholderPageProps) {
  const t = useT();
  return (
    <section className="placeholder-page" aria-labelledby="placeholder-page-heading">
      <h1 id="placeholder-page-heading">{title}</h1>
      <p>{t('ui.placeholder.onItsWay')}</p>
    </section>
  );
}
