/**
 * The one-time password reset link an admin issued, to pass on by hand (WhatsApp): the link in a
 * read-only box (select it to copy it by hand), a copy button and when it stops working.
 */
import { type Ref, useId, useState } from 'react';
import { ACCOUNT_SCREEN_TEXTS, type ResetLink } from 'shared-api/contract';
import { formatDateTime } from 'shared-ui/lib/format';

export function ResetLinkPanel({ link, headingRef }: { link: ResetLink; headingRef?: Ref<HTMLHeadingElement> }) {
  const headingId = useId();
  const inputId = useId();
  const [copied, setCopied] = useState<string>('');

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('The clipboard is not available.');
      await navigator.clipboard.writeText(link.url);
      setCopied(ACCOUNT_SCREEN_TEXTS.linkCopied);
    } catch {
      setCopied(ACCOUNT_SCREEN_TEXTS.linkCopyFailed);
    }
  }

  return (
    <section className="admin-user-reset-link" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        password reset link
      </h2>
      <p>{ACCOUNT_SCREEN_TEXTS.resetPassOn}</p>
      <label htmlFor={inputId}>reset link</label>
      <div className="admin-user-reset-row">
        <input id={inputId} type="text" readOnly value={link.url} onFocus={(event) => event.target.select()} />
        <button type="button" className="ui-button ui-button-primary" onClick={copy}>
          Copy link
        </button>
      </div>
      <p>
        {ACCOUNT_SCREEN_TEXTS.resetExpires} <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>.
      </p>
      <p className="admin-users-muted" aria-live="polite">
        {copied}
      </p>
    </section>
  );
}
