import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { CheckboxField, FormSection, TextField, useFieldErrors } from '../../../components/form';
import { ApiError, adminPath } from '../../../lib/api';
import { toast } from '../../../lib/toasts';
import { StepForm } from '../StepForm';
import { createRunningDinner } from '../wizard.api';
import { useStep, useWizardNavigate } from '../wizard.nav';
import { type ContractDraft, useWizard } from '../wizard.store';

/** Fields on this step, by their /create issue path. */
const FINISH_FIELDS = [
  'email',
  'contract.fullname',
  'contract.streetWithNr',
  'contract.zip',
  'contract.city',
  'contract.email',
  'contract',
];

export function FinishStep() {
  const { t } = useLingui();
  const demo = useWizard((s) => s.demo);
  const closed = useWizard((s) => s.basics.registrationType === 'CLOSED');
  const email = useWizard((s) => s.email);
  const contract = useWizard((s) => s.contract);
  const { setEmail, setContract, created } = useWizard.getState();
  const { back } = useStep('finish');
  const go = useWizardNavigate();
  const { mutate } = useSWRConfig();
  const { errors, show, showErrors, clear } = useFieldErrors();
  const [consent, setConsent] = useState(false);

  const change =
    <K extends keyof ContractDraft>(field: K) =>
    (value: ContractDraft[K]) => {
      setContract({ [field]: value } as Partial<ContractDraft>);
      clear(`contract.${field}`);
    };

  const submit = async () => {
    if (!consent) {
      // Shown together with any server issues below; the consent is a client-side matter only.
      showErrors({ ...errors, consent: t`Please agree to the data processing terms.` });
      return;
    }
    try {
      const response = await createRunningDinner(useWizard.getState());
      const adminId = response.runningDinner.adminId;
      // The summary reads the dinner through swr; seed it with what we already have.
      await mutate(adminPath(adminId), response.runningDinner, { revalidate: false });
      created(adminId);
      go('/summary');
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 406) throw error;
      const shown = show(error.issues.filter((i) => FINISH_FIELDS.includes(i.field ?? '')));
      // Problems of earlier steps (e.g. the date passed meanwhile) cannot be shown here: name them.
      const elsewhere = error.issues.filter((i) => !FINISH_FIELDS.includes(i.field ?? ''));
      const problems = elsewhere.map((i) => i.message).join(' · ');
      if (elsewhere.length > 0) toast(t`Please check the earlier steps: ${problems}`, 'error');
      else if (Object.keys(shown).length === 0) toast(error.message, 'error');
    }
  };

  return (
    <StepForm
      onSubmit={submit}
      onBack={back}
      nextLabel={demo ? <Trans>Create demo</Trans> : <Trans>Create running dinner</Trans>}
    >
      <FormSection
        title={t`Your e-mail address`}
        description={
          demo
            ? t`We send you the link to your demo there. Please confirm the address with the link in the mail: the demo's mails go out only then.`
            : t`We send you the link to your administration there. Please confirm it with the link in the mail.`
        }
      >
        <TextField
          name="email"
          type="email"
          label={t`E-mail`}
          value={email}
          onChange={(v) => {
            setEmail(v);
            clear('email');
          }}
          error={errors.email ?? errors['contract.email']}
          required
          autoComplete="email"
        />
      </FormSection>

      {!demo && (
        <FormSection
          title={t`Organiser`}
          description={t`Who organises the event? We need this for the agreement on processing participants' data.`}
        >
          <FormErrorLine error={errors.contract} />
          <TextField
            name="contract.fullname"
            label={t`Full name`}
            value={contract.fullname}
            onChange={change('fullname')}
            error={errors['contract.fullname']}
            required
            autoComplete="name"
          />
          <TextField
            name="contract.streetWithNr"
            label={t`Street and number`}
            value={contract.streetWithNr}
            onChange={change('streetWithNr')}
            error={errors['contract.streetWithNr']}
            required
            autoComplete="street-address"
          />
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
            <TextField
              name="contract.zip"
              label={t`Zip code`}
              value={contract.zip}
              onChange={change('zip')}
              error={errors['contract.zip']}
              required
              autoComplete="postal-code"
              inputMode="numeric"
            />
            <TextField
              name="contract.city"
              label={t`City`}
              value={contract.city}
              onChange={change('city')}
              error={errors['contract.city']}
              required
              autoComplete="address-level2"
              className="sm:col-span-2"
            />
          </div>
          <CheckboxField
            name="contract.newsletterEnabled"
            label={t`Yes, send me news about this service now and then (a few times a year at most).`}
            checked={contract.newsletterEnabled}
            onChange={change('newsletterEnabled')}
          />
        </FormSection>
      )}

      <FormSection>
        <CheckboxField
          name="consent"
          label={
            <Trans>
              I agree that my data and the data of my participants are processed to run this event, as described in the{' '}
              <a
                href="/datenschutz#processing"
                target="_blank"
                rel="noopener"
                className="font-medium text-primary-700 underline underline-offset-2"
              >
                data processing terms, opens in a new tab
              </a>
              .
            </Trans>
          }
          checked={consent}
          onChange={(v) => {
            setConsent(v);
            clear('consent');
          }}
          error={errors.consent}
          required
        />
      </FormSection>

      {!demo && !closed && (
        <p
          className="rounded-xl border border-gray-200 bg-gray-50 p-4 text-sm leading-relaxed text-gray-700"
          data-testid="finish-fee-hint"
        >
          <Trans>
            <strong className="font-semibold text-gray-900">Registration fee?</strong> Registering is free unless you
            set a fee. Once your running dinner is created, you can set one under Payments in the administration.
          </Trans>
        </p>
      )}
    </StepForm>
  );
}

function FormErrorLine({ error }: { error?: string }) {
  return error ? <p className="text-sm font-medium text-red-700">{error}</p> : null;
}
