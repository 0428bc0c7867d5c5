/**
 * The one-time password reset link an admin issued, to pass on by hand (WhatsApp): the link in a
 * read-only box (select it to copy it by hand), a copy button and when it stops working.
 */
import { type Ref, useId, useState } from 'react';
import type { ResetLink } from 'shared-api/contract';
import { formatDateTime } from 'shared-ui/lib/format';
import { useT } from './i18n';

export function ResetLinkPanel({ link, headingRef }: { link: ResetLink; headingRef?: Ref<HTMLHeadingElement> }) {
  const t = useT();
  const headingId = useId();
  const inputId = useId();
  const [copied, setCopied] = useState<string>('');

  async function copy() {
    try {
      // no clipboard: said below as a failure to copy
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link.url);
      setCopied(t('admin.users.reset.copied'));
    } catch {
      setCopied(t('admin.users.reset.copyFailed'));
    }
  }

  return (
    <section className="admin-user-reset-link" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('admin.users.reset.title')}
      </h2>
      <p>{t('admin.users.reset.passOn')}</p>
      <label htmlFor={inputId}>{t('admin.users.reset.label')}</label>
      <div className="admin-user-reset-row">
        <input
          id={inputId}
          type="text"
          dir="ltr"
          readOnly
          value={link.url}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="ui-button ui-button-primary" onClick={copy}>
          {t('admin.users.reset.copy')}
        </button>
      </div>
      <p>
        {t('admin.users.reset.expires')} <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>.
      </p>
      <p className="admin-users-muted" aria-live="polite">
        {copied}
      </p>
    </section>
  );
}
