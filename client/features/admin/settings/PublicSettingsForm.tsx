import type { PublicSettingsInput, RunningDinner } from '@contract/dinner';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormSection, SwitchField, TextAreaField, TextField } from '../../../components/form';
import { useAction } from '../../../components/useAction';
import { useDinnerMutation } from '../hooks';
import { SaveBar } from './SaveBar';
import { useSettingsForm } from './useSettingsForm';

type Values = Required<PublicSettingsInput>;

/** The switch stands apart from the form: it takes effect at once. */
export function RegistrationSwitch({ dinner, readOnly }: { dinner: RunningDinner; readOnly: boolean }) {
  const { t } = useLingui();
  const mutateDinner = useDinnerMutation();
  const { busy, run } = useAction();
  const active = !dinner.publicSettings.registrationDeactivated;
  const toggle = (on: boolean) =>
    run(
      () => mutateDinner('put', `/publicsettings/registration/${on}`),
      on ? t`Registration is open again.` : t`Registration is switched off.`,
    );
  return (
    <FormSection>
      <SwitchField
        name="registrationActive"
        label={active ? <Trans>Registration is open</Trans> : <Trans>Registration is switched off</Trans>}
        description={
          active ? (
            <Trans>People can register through the registration link until the end of registration.</Trans>
          ) : (
            <Trans>
              Nobody can register at the moment. Everyone already registered stays. Switch it on to take registrations
              again.
            </Trans>
          )
        }
        checked={active}
        onChange={(on) => void toggle(on)}
        disabled={readOnly || busy}
      />
    </FormSection>
  );
}

export function PublicSettingsForm({ dinner, readOnly }: { dinner: RunningDinner; readOnly: boolean }) {
  const { t } = useLingui();
  const mutateDinner = useDinnerMutation();
  const p = dinner.publicSettings;
  const form = useSettingsForm<Values>(
    {
      title: p.title,
      description: p.description,
      publicContactName: p.publicContactName,
      publicContactEmail: p.publicContactEmail,
      publicContactMobileNumber: p.publicContactMobileNumber,
      endOfRegistrationDate: p.endOfRegistrationDate,
    },
    { section: t`Public registration` },
  );
  const { values, set, errors, busy } = form;
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    void form.submit(() =>
      mutateDinner('put', '/publicsettings', {
        ...values,
        endOfRegistrationDate: values.endOfRegistrationDate || undefined,
      }),
    );
  };
  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label={t`Public registration`}>
      <fieldset disabled={readOnly} className="min-w-0">
        <FormSection
          title={<Trans>Public registration</Trans>}
          description={<Trans>What people see on the registration page before they sign up.</Trans>}
        >
          <TextField
            name="title"
            label={<Trans>Public title</Trans>}
            value={values.title}
            onChange={(v) => set('title', v)}
            error={errors.title}
            required
            maxLength={255}
          />
          <TextAreaField
            name="description"
            label={<Trans>Description</Trans>}
            value={values.description}
            onChange={(v) => set('description', v)}
            error={errors.description}
            required
            maxLength={4000}
            rows={6}
            hint={<Trans>What is special about your running dinner? Does it cost something, is there a motto?</Trans>}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="publicContactName"
              label={<Trans>Contact person</Trans>}
              value={values.publicContactName}
              onChange={(v) => set('publicContactName', v)}
              error={errors.publicContactName}
              required
            />
            <TextField
              name="publicContactEmail"
              type="email"
              label={<Trans>Contact e-mail</Trans>}
              value={values.publicContactEmail}
              onChange={(v) => set('publicContactEmail', v)}
              error={errors.publicContactEmail}
              required
            />
            <TextField
              name="publicContactMobileNumber"
              type="tel"
              label={<Trans>Contact mobile number (optional)</Trans>}
              value={values.publicContactMobileNumber}
              onChange={(v) => set('publicContactMobileNumber', v)}
              error={errors.publicContactMobileNumber}
            />
            <TextField
              name="endOfRegistrationDate"
              type="date"
              label={<Trans>End of registration</Trans>}
              value={values.endOfRegistrationDate}
              onChange={(v) => set('endOfRegistrationDate', v)}
              error={errors.endOfRegistrationDate}
              max={dinner.basicDetails.date}
            />
          </div>
          <SaveBar busy={busy} disabled={readOnly} />
        </FormSection>
      </fieldset>
    </form>
  );
}
