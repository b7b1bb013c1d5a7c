import type { RunningDinner } from '@contract/dinner';
import { type PaymentOptions, paymentOptionsSchema } from '@contract/payment-options';
import { validate } from '@domain/validation';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormSection, TextField, useFieldErrors } from '../../components/form';
import { formatAmount, formatDecimal, parseDecimal } from '../../components/numberFormat';
import { ApiError, errorMessage } from '../../lib/api';
import { snackbar, toast } from '../../lib/toasts';
import { type PaymentOptionsInput, usePaymentOptionsActions } from './hooks';

const FIELDS = ['brandName', 'pricePerRegistration', 'agbLink', 'redirectAfterPurchaseLink'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** The price as the UI language writes it: "12,50" in German. */
const valuesOf = (options: PaymentOptions | null, dinner: RunningDinner): Values => ({
  brandName: options?.brandName ?? dinner.publicSettings.publicContactName ?? '',
  pricePerRegistration: options ? formatDecimal(options.pricePerRegistrationCents / 100, 2) : '',
  agbLink: options?.agbLink ?? '',
  redirectAfterPurchaseLink: options?.redirectAfterPurchaseLink ?? '',
});

/** What the server takes: the price read in the UI language, sent with '.' ("" when it is no number). */
const inputOf = (values: Values): PaymentOptionsInput => ({
  brandName: values.brandName,
  pricePerRegistration: parseDecimal(values.pricePerRegistration) ?? '',
  agbLink: values.agbLink.trim() || null,
  redirectAfterPurchaseLink: values.redirectAfterPurchaseLink.trim() || null,
});

interface PaymentOptionsFormProps {
  dinner: RunningDinner;
  /** The saved options, or null while the event takes no fee. */
  options: PaymentOptions | null;
  readOnly: boolean;
  stripeConfigured: boolean;
  /** After a save or removal; the page shows the summary again. */
  onDone: () => void;
  /** Set when there are options: leaves the form without saving. */
  onCancel?: () => void;
}

/**
 * The registration fee: the price and what the payment page shows. Checked here with the server's own schema (the
 * same messages), and the server's 406 issues land under the same fields; a price that can no longer change
 * (someone paid) is refused with the server's reason under the price.
 */
export function PaymentOptionsForm({
  dinner,
  options,
  readOnly,
  stripeConfigured,
  onDone,
  onCancel,
}: PaymentOptionsFormProps) {
  const { t, i18n } = useLingui();
  const actions = usePaymentOptionsActions();
  const [values, setValues] = useState<Values>(() => valuesOf(options, dinner));
  const { errors, show, showErrors, clear } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const priceRef = useRef<HTMLInputElement>(null);
  const example = formatDecimal(12.5, 2, i18n.locale);
  // Opened to change saved options: the price is what is changed most.
  const focusPrice = onCancel !== undefined;
  useEffect(() => {
    if (focusPrice) priceRef.current?.focus();
  }, [focusPrice]);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = inputOf(values);
    const checked = validate(paymentOptionsSchema, input);
    if (!checked.ok) {
      const shown = show(checked.issues);
      if (input.pricePerRegistration === '')
        showErrors({ ...shown, pricePerRegistration: t`Please enter the price in euros, e.g. ${example}` });
      return;
    }
    setBusy(true);
    try {
      const saved = await actions.save(options, input);
      const price = saved && formatAmount(saved.pricePerRegistrationCents, saved.currency, i18n.locale);
      snackbar(options ? t`Payment options saved` : t`Registration fee of ${price} set`);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 406) show(error.issues);
      else if (error instanceof ApiError && error.code === 'registrations_paid')
        showErrors({ pricePerRegistration: error.message });
      else toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!options) return;
    try {
      await actions.remove(options);
      setValues(valuesOf(null, dinner));
      clear();
      setConfirmRemove(false);
      snackbar(t`The registration fee was removed.`);
      onDone();
    } catch (error) {
      setConfirmRemove(false);
      toast(errorMessage(error), 'error');
    }
  };

  const closed = dinner.basicDetails.registrationType === 'CLOSED';
  const currentPrice = options && formatAmount(options.pricePerRegistrationCents, options.currency, i18n.locale);

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t`Registration fee`}
      data-testid="payment-options-form"
    >
      <fieldset disabled={readOnly} className="min-w-0">
        <FormSection
          title={<Trans>Registration fee</Trans>}
          description={
            options ? (
              <Trans>
                Everyone who registers pays {currentPrice} by card; a team registering together pays twice that. The
                registration counts once the payment has arrived.
              </Trans>
            ) : (
              <Trans>
                Without a fee, registering is free. With one, people pay it by card when they register, and the
                registration counts once the payment has arrived.
              </Trans>
            )
          }
        >
          {closed && (
            <p
              className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700"
              data-testid="payments-closed-note"
            >
              <Trans>
                Registration is closed for this event: you add the participants yourself, so nobody pays a fee unless
                you open registration.
              </Trans>
            </p>
          )}
          <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
            <TextField
              name="pricePerRegistration"
              inputRef={priceRef}
              label={<Trans>Price per person in euros</Trans>}
              value={values.pricePerRegistration}
              onChange={set('pricePerRegistration')}
              error={errors.pricePerRegistration}
              hint={<Trans>For example {example}</Trans>}
              required
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
            />
            <TextField
              name="brandName"
              label={<Trans>Organiser name</Trans>}
              value={values.brandName}
              onChange={set('brandName')}
              error={errors.brandName}
              hint={
                <Trans>Shown on the payment page, so people know whom they pay, e.g. “Fachschaft Informatik”.</Trans>
              }
              required
              maxLength={127}
              autoComplete="organization"
            />
          </div>
          <TextField
            name="agbLink"
            type="url"
            label={<Trans>Link to your terms (optional)</Trans>}
            value={values.agbLink}
            onChange={set('agbLink')}
            error={errors.agbLink}
            hint={<Trans>Your terms and conditions or cancellation policy, starting with https://</Trans>}
            maxLength={512}
            placeholder="https://"
          />
          <TextField
            name="redirectAfterPurchaseLink"
            type="url"
            label={<Trans>Link after paying (optional)</Trans>}
            value={values.redirectAfterPurchaseLink}
            onChange={set('redirectAfterPurchaseLink')}
            error={errors.redirectAfterPurchaseLink}
            hint={<Trans>Where people can go on after paying, e.g. your website, starting with https://</Trans>}
            maxLength={512}
            placeholder="https://"
          />
          {!stripeConfigured && (
            <p
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="payments-fee-unpayable"
            >
              <Trans>
                Card payments are not set up on this server (see above). Until they are, a fee cannot be saved, and
                people register for free.
              </Trans>
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 border-t border-gray-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              {options && !readOnly && (
                <Button
                  variant="ghost"
                  className="w-full sm:w-auto"
                  onClick={() => setConfirmRemove(true)}
                  data-testid="remove-fee"
                >
                  <Trans>Remove the fee</Trans>
                </Button>
              )}
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              {onCancel && (
                <Button variant="secondary" className="w-full sm:w-auto" onClick={onCancel} disabled={busy}>
                  <Trans>Cancel</Trans>
                </Button>
              )}
              <Button type="submit" disabled={busy || readOnly || !stripeConfigured} className="w-full sm:w-auto">
                {busy ? <Trans>Saving…</Trans> : options ? <Trans>Save</Trans> : <Trans>Set the fee</Trans>}
              </Button>
            </div>
          </div>
        </FormSection>
      </fieldset>
      <ConfirmDialog
        open={confirmRemove}
        title={<Trans>Remove the registration fee?</Trans>}
        confirmLabel={<Trans>Remove the fee</Trans>}
        onClose={() => setConfirmRemove(false)}
        onConfirm={remove}
      >
        <p>
          <Trans>From now on people register without paying.</Trans>
        </p>
      </ConfirmDialog>
    </form>
  );
}
