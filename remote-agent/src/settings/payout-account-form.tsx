/**
 * The agent's payout account (docs/domain.md, Payout accounts): where its commission is paid.
 * One form with the contract's rules and messages; the account as saved is shown back in its
 * stored form (a wallet +92..., an IBAN without spaces).
 */
import { useState } from 'react';
import { toast } from 'react-toastify';
import { savePayoutAccount } from 'shared-api';
import {
  HOLDER_NAME_MAX_LENGTH,
  PAYOUT_ACCOUNT_MESSAGES,
  PAYOUT_METHOD_LABELS,
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
import './payout-account-form.css';

export const PAYOUT_ACCOUNT_FAILED = 'Failed to fetch your payout account. Please try again.';
export const PAYOUT_ACCOUNT_SAVE_FAILED = 'Your payout account could not be saved. Please try again.';

const ACCOUNT_LABELS: Record<PayoutMethod, { label: string; hint: string; inputMode: 'tel' | 'email' | 'text' }> = {
  jazzcash: { label: 'JazzCash number', hint: '+92 and 10 digits, e.g. +923001234567.', inputMode: 'tel' },
  easypaisa: { label: 'Easypaisa number', hint: '+92 and 10 digits, e.g. +923001234567.', inputMode: 'tel' },
  bank: { label: 'IBAN', hint: 'PK and 22 letters and digits; spaces are fine.', inputMode: 'text' },
  paypal: { label: 'PayPal email', hint: 'The email address of your PayPal account.', inputMode: 'email' },
};

const valuesOf = (account: PayoutAccount | null): PayoutAccountInput => ({
  method: account?.method ?? 'jazzcash',
  account: account?.account ?? '',
  holderName: account?.holderName ?? '',
});

export function PayoutAccountSection() {
  const own = useResource(payoutAccountQueries.own(), PAYOUT_ACCOUNT_FAILED);
  // kept here: the saved account comes back as a new form (its values as stored)
  const [justSaved, setJustSaved] = useState(false);
  return (
    <section className="agent-payout-account" aria-labelledby="agent-payout-account-heading">
      <h2 id="agent-payout-account-heading">payout account</h2>
      <p className="agent-payout-account-muted">Where your commission is paid.</p>
      {own.error ? (
        <div role="alert">
          <p>{own.error}</p>
          <button type="button" className="ui-button ui-button-small" onClick={own.reload}>
            retry
          </button>
        </div>
      ) : own.data === undefined ? (
        <p role="status">Loading...</p>
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
  const form = useZodForm(payoutAccountInputSchema, { defaultValues: valuesOf(account) });
  const save = useWrite(savePayoutAccount, {
    changes: CHANGES.payoutAccount,
    onSuccess: () => {
      onSaved(true);
      toast.success(PAYOUT_ACCOUNT_MESSAGES.saved);
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
      aria-label="payout account"
    >
      {account === null ? (
        <p className="agent-payout-account-none">{PAYOUT_ACCOUNT_MESSAGES.addOne}.</p>
      ) : (
        <p className="agent-payout-account-muted">Last changed {formatDateTime(account.updatedAt)}.</p>
      )}
      <SelectField control={form.control} name="method" label="paid by" required disabled={save.isPending}>
        {PAYOUT_METHODS.map((option) => (
          <option key={option} value={option}>
            {PAYOUT_METHOD_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <TextField
        control={form.control}
        name="account"
        label={shown.label}
        hint={shown.hint}
        inputMode={shown.inputMode}
        type={method === 'paypal' ? 'email' : method === 'bank' ? 'text' : 'tel'}
        required
        disabled={save.isPending}
      />
      <TextField
        control={form.control}
        name="holderName"
        label="account holder's name"
        hint={method === 'bank' ? 'As the bank has it.' : 'Optional.'}
        required={method === 'bank'}
        maxLength={HOLDER_NAME_MAX_LENGTH}
        disabled={save.isPending}
      />
      <FormAlert error={save.error} fallback={PAYOUT_ACCOUNT_SAVE_FAILED} />
      {justSaved && !save.isPending ? (
        <p role="status" className="agent-payout-account-saved">
          {PAYOUT_ACCOUNT_MESSAGES.saved}
        </p>
      ) : null}
      <SubmitButton busy={save.isPending} busyLabel="saving...">
        save payout account
      </SubmitButton>
    </Form>
  );
}
