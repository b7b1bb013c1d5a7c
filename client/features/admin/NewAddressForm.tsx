import { type RunningDinner, validateResendCreatedMessage } from '@contract/dinner';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/Button';
import { TextField, useFieldErrors } from '../../components/form';
import { ApiError, errorMessage } from '../../lib/api';
import { snackbar, toast } from '../../lib/toasts';
import { useDinnerMutation } from './hooks';

/**
 * A typo in the wizard: while the address is not confirmed, the creation mail can go to another address instead,
 * which then becomes the organiser's (the links mailed to the old one stop confirming).
 */
export function NewAddressForm({ dinner, onSent }: { dinner: RunningDinner; onSent: () => void }) {
  const { t } = useLingui();
  const mutateDinner = useDinnerMutation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, show, clear } = useFieldErrors();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = { newEmailAddress: email };
    const local = validateResendCreatedMessage(body);
    if (!local.ok) return void show(local.issues);
    setBusy(true);
    try {
      const updated = await mutateDinner('put', '/resend-runningdinner-created-message', local.value);
      const sentTo = updated.email;
      snackbar(t`We sent the confirmation link to ${sentTo}.`);
      setEmail('');
      clear();
      onSent();
    } catch (error) {
      if (error instanceof ApiError && error.status === 406 && error.issues.length > 0) show(error.issues);
      else toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="mt-6 border-t border-gray-100 pt-5"
      data-testid="new-address-form"
      aria-label={t`Send it to another address`}
    >
      <h2 className="font-semibold text-gray-900">
        <Trans>Wrong address? Send it to another one</Trans>
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-gray-700">
        <Trans>
          The new address becomes the organiser's address of this running dinner. Links in mails to the old address no
          longer confirm anything.
        </Trans>
      </p>
      <fieldset disabled={dinner.readOnlyReason !== null} className="mt-4 min-w-0 space-y-4">
        <TextField
          name="newEmailAddress"
          type="email"
          autoComplete="email"
          label={<Trans>New e-mail address</Trans>}
          value={email}
          onChange={(value) => {
            setEmail(value);
            clear('newEmailAddress');
          }}
          error={errors.newEmailAddress}
          required
          maxLength={255}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? <Trans>Sending…</Trans> : <Trans>Send it to this address</Trans>}
        </Button>
      </fieldset>
    </form>
  );
}
