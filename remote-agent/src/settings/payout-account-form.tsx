/**
 * The agent's payout account (docs/domain.md, Payout accounts): where its commission is paid.
 * One form with the contract's rules and messages; the account as saved is shown back in its
 * stored form (a wallet +92..., an IBAN without spaces).
 */
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ltr, savePayoutAccount } from 'shared-api';
import {
  HOLDER_NAME_MAX_LENGTH,
  PAYOUT_METHODS,
  type PayoutAccount,
  type PayoutAccountInput,
  type PayoutMethod,
  payoutAccountInputSchema,
} from 'shared-api/contract';
import { SelectField, TextField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { FormAlert } from 'shared-ui/form/form-alert';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { formatDateTime } from 'shared-ui/lib/format';
import { CHANGES, useWrite } from 'shared-ui/lib/mutations';
import { payoutAccountQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { type AgentKey, t, useT } from '../i18n';
import en from '../locales/en.json';
import './payout-account-form.css';

/** English; shown through the catalogue */
export const PAYOUT_ACCOUNT_FAILED = en['agent.payoutAccount.fetchFailed'];

const ACCOUNT_LABELS: Record<PayoutMethod, { label: AgentKey; hint: AgentKey; inputMode: 'tel' | 'email' | 'text' }> = {
  jazzcash: { label: 'agent.payoutAccount.jazzcash', hint: 'agent.payoutAccount.walletHint', inputMode: 'tel' },
  easypaisa: { label: 'agent.payoutAccount.easypaisa', hint: 'agent.payoutAccount.walletHint', inputMode: 'tel' },
  bank: { label: 'agent.payoutAccount.iban', hint: 'agent.payoutAccount.ibanHint', inputMode: 'text' },
  paypal: { label: 'agent.payoutAccount.paypal', hint: 'agent.payoutAccount.paypalHint', inputMode: 'email' },
};

/** The contract's payout methods as the agent reads them. */
const METHOD_LABELS: Record<PayoutMethod, AgentKey> = {
  jazzcash: 'agent.payoutAccount.method.jazzcash',
  easypaisa: 'agent.payoutAccount.method.easypaisa',
  bank: 'agent.payoutAccount.method.bank',
  paypal: 'agent.payoutAccount.method.paypal',
};

const valuesOf = (account: PayoutAccount | null): PayoutAccountInput => ({
  method: account?.method ?? 'jazzcash',
  account: account?.account ?? '',
  holderName: account?.holderName ?? '',
});

export function PayoutAccountSection() {
  const t = useT();
  const own = useResource(payoutAccountQueries.own(), t('agent.payoutAccount.fetchFailed'));
  // kept here: the saved account comes back as a new form (its values as stored)
  const [justSaved, setJustSaved] = useState(false);
  return (
    <section className="agent-payout-account" aria-labelledby="agent-payout-account-heading">
      <h2 id="agent-payout-account-heading">{t('agent.payoutAccount.title')}</h2>
      <p className="agent-payout-account-muted">{t('agent.payoutAccount.intro')}</p>
      {own.error ? (
        <div role="alert">
          <p>{own.error}</p>
          <button type="button" className="ui-button ui-button-small" onClick={own.reload}>
            {t('agent.retry')}
          </button>
        </div>
      ) : own.data === undefined ? (
        <p role="status">{t('agent.loading')}</p>
      ) : (
        // a new form per saved account: its values are the account as stored
        <PayoutAccountForm
          key={own.data?.updatedAt ?? 'none'}
          account={own.data}
          justSaved={justSaved}
          onSaved={setJustSaved}
        />
      )}
    </section>
  );
}

export interface PayoutAccountFormProps {
  account: PayoutAccount | null;
  /** the last save succeeded (and nothing was sent since) */
  justSaved: boolean;
  onSaved: (saved: boolean) => void;
}

export function PayoutAccountForm({ account, justSaved, onSaved }: PayoutAccountFormProps) {
  const tr = useT();
  const form = useZodForm(payoutAccountInputSchema, { defaultValues: valuesOf(account) });
  const save = useWrite(savePayoutAccount, {
    changes: CHANGES.payoutAccount,
    onSuccess: () => {
      onSaved(true);
      toast.success(t('agent.payoutAccount.saved'));
    },
  });
  const method = (form.watch('method') ?? 'jazzcash') as PayoutMethod;
  const shown = ACCOUNT_LABELS[method] ?? ACCOUNT_LABELS.jazzcash;

  return (
    <Form
      form={form}
      onSubmit={(values) => save.mutate(values)}
      onSubmitCapture={() => onSaved(false)}
      busy={save.isPending}
      className="ui-settings-card agent-payout-account-form"
      aria-label={tr('agent.payoutAccount.title')}
    >
      {account === null ? (
        <p className="agent-payout-account-none">{tr('agent.payoutAccount.addOne')}</p>
      ) : (
        <p className="agent-payout-account-muted">
          {tr('agent.payoutAccount.lastChanged', { date: ltr(formatDateTime(account.updatedAt)) })}
        </p>
      )}
      <SelectField
        control={form.control}
        name="method"
        label={tr('agent.payoutAccount.paidBy')}
        required
        disabled={save.isPending}
      >
        {PAYOUT_METHODS.map((option) => (
          <option key={option} value={option}>
            {tr(METHOD_LABELS[option])}
          </option>
        ))}
      </SelectField>
      <TextField
        control={form.control}
        name="account"
        label={tr(shown.label)}
        hint={tr(shown.hint)}
        inputMode={shown.inputMode}
        type={method === 'paypal' ? 'email' : method === 'bank' ? 'text' : 'tel'}
        required
        disabled={save.isPending}
      />
      <TextField
        control={form.control}
        name="holderName"
        label={tr('agent.payoutAccount.holderName')}
        hint={method === 'bank' ? tr('agent.payoutAccount.holderHintBank') : tr('agent.payoutAccount.optional')}
        required={method === 'bank'}
        maxLength={HOLDER_NAME_MAX_LENGTH}
        disabled={save.isPending}
      />
      <FormAlert error={save.error} fallback={tr('agent.payoutAccount.saveFailed')} />
      {justSaved && !save.isPending ? (
        <p role="status" className="agent-payout-account-saved">
          {tr('agent.payoutAccount.saved')}
        </p>
      ) : null}
      <SubmitButton busy={save.isPending} busyLabel={tr('agent.payoutAccount.saving')}>
        {tr('agent.payoutAccount.save')}
      </SubmitButton>
    </Form>
  );
}
