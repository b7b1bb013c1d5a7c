import type { Language, RegistrationType } from '@contract/dinner';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormSection, RadioCardGroup, TextField, useFieldErrors } from '../../../components/form';
import { StepForm } from '../StepForm';
import { basicDetailsBody, validateStep } from '../wizard.api';
import { useStep } from '../wizard.nav';
import { type BasicsDraft, today, useWizard } from '../wizard.store';

export function BasicsStep() {
  const { t } = useLingui();
  const basics = useWizard((s) => s.basics);
  const setBasics = useWizard((s) => s.setBasics);
  const { next } = useStep('basics');
  const { errors, show, clear } = useFieldErrors();

  const change =
    <K extends keyof BasicsDraft>(field: K) =>
    (value: BasicsDraft[K]) => {
      setBasics({ [field]: value } as Partial<BasicsDraft>);
      clear(field);
    };

  const submit = async () => {
    const issues = await validateStep('basicdetails', basicDetailsBody(basics));
    if (issues.length > 0) return void show(issues);
    next();
  };

  return (
    <StepForm onSubmit={submit}>
      <FormSection title={t`Your event`} description={t`Where and when does your running dinner take place?`}>
        <TextField
          name="title"
          label={t`Title`}
          hint={t`Participants see it in the invitation and the mails.`}
          value={basics.title}
          onChange={change('title')}
          error={errors.title}
          required
          autoComplete="off"
          maxLength={255}
        />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
          <TextField
            name="zip"
            label={t`Zip code`}
            value={basics.zip}
            onChange={change('zip')}
            error={errors.zip}
            required
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
          />
          <TextField
            name="city"
            label={t`City`}
            value={basics.city}
            onChange={change('city')}
            error={errors.city}
            required
            autoComplete="address-level2"
            className="sm:col-span-2"
          />
        </div>
        <TextField
          name="date"
          type="date"
          label={t`Date`}
          value={basics.date}
          min={today()}
          onChange={change('date')}
          error={errors.date}
          required
          className="sm:max-w-xs"
        />
      </FormSection>

      <FormSection title={t`Registration`}>
        <RadioCardGroup<RegistrationType>
          name="registrationType"
          label={t`Who can take part?`}
          value={basics.registrationType}
          onChange={change('registrationType')}
          error={errors.registrationType}
          options={[
            {
              value: 'PUBLIC',
              label: t`Public`,
              description: t`Your event is listed on this site and anyone can register.`,
            },
            {
              value: 'OPEN',
              label: t`Open (secret link)`,
              description: t`Anyone with the link you share can register; the event is not listed.`,
            },
            {
              value: 'CLOSED',
              label: t`Closed`,
              description: t`No registration page: you add the participants yourself.`,
            },
          ]}
        />
        <RadioCardGroup<Language>
          name="languageCode"
          label={t`Language of the event`}
          value={basics.languageCode}
          onChange={change('languageCode')}
          error={errors.languageCode}
          columns={2}
          options={[
            { value: 'de', label: 'Deutsch', description: t`Mails and the registration page in German.` },
            { value: 'en', label: 'English', description: t`Mails and the registration page in English.` },
          ]}
        />
        <p className="text-sm text-gray-600">
          <Trans>You can change all of this later in the administration.</Trans>
        </p>
      </FormSection>
    </StepForm>
  );
}
