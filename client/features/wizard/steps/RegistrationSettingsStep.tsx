import { useLingui } from '@lingui/react/macro';
import { formatDate } from '../../../components/dateFormat';
import { FormSection, TextAreaField, TextField, useFieldErrors } from '../../../components/form';
import { StepForm } from '../StepForm';
import { publicSettingsBody, validateStep } from '../wizard.api';
import { useStep } from '../wizard.nav';
import { type PublicSettingsDraft, useWizard } from '../wizard.store';

export function RegistrationSettingsStep() {
  const { t } = useLingui();
  const date = useWizard((s) => s.basics.date);
  const settings = useWizard((s) => s.publicSettings);
  const { setPublicSettings, copyContactToOrganiser } = useWizard.getState();
  const { next, back } = useStep('registration-settings');
  const { errors, show, clear } = useFieldErrors();
  const day = formatDate(date);

  const change =
    <K extends keyof PublicSettingsDraft>(field: K) =>
    (value: PublicSettingsDraft[K]) => {
      setPublicSettings({ [field]: value } as Partial<PublicSettingsDraft>);
      clear(field);
    };

  const submit = async () => {
    const issues = await validateStep('publicsettings', publicSettingsBody(settings), date);
    if (issues.length > 0) return void show(issues);
    copyContactToOrganiser();
    next();
  };

  return (
    <StepForm onSubmit={submit} onBack={back}>
      <FormSection title={t`Registration page`} description={t`This is what people see before they register.`}>
        <TextField
          name="title"
          label={t`Public title`}
          value={settings.title}
          onChange={change('title')}
          error={errors.title}
          required
          maxLength={255}
        />
        <TextAreaField
          name="description"
          label={t`Description`}
          hint={t`What is planned, who can join, what it costs, where to meet afterwards.`}
          value={settings.description}
          onChange={change('description')}
          error={errors.description}
          required
          rows={6}
          maxLength={4000}
        />
        <TextField
          name="endOfRegistrationDate"
          type="date"
          label={t`End of registration`}
          hint={t`At the latest on the day of the dinner (${day}). Five days before leaves you time to form the teams.`}
          value={settings.endOfRegistrationDate}
          max={date || undefined}
          onChange={change('endOfRegistrationDate')}
          error={errors.endOfRegistrationDate}
          className="sm:max-w-xs"
        />
      </FormSection>
      <FormSection
        title={t`Contact for questions`}
        description={t`Shown on the registration page. The e-mail address also becomes your organiser address.`}
      >
        <TextField
          name="publicContactName"
          label={t`Name`}
          value={settings.publicContactName}
          onChange={change('publicContactName')}
          error={errors.publicContactName}
          required
          autoComplete="name"
        />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            name="publicContactEmail"
            type="email"
            label={t`E-mail`}
            value={settings.publicContactEmail}
            onChange={change('publicContactEmail')}
            error={errors.publicContactEmail}
            required
            autoComplete="email"
          />
          <TextField
            name="publicContactMobileNumber"
            type="tel"
            label={t`Phone (optional)`}
            value={settings.publicContactMobileNumber}
            onChange={change('publicContactMobileNumber')}
            error={errors.publicContactMobileNumber}
            autoComplete="tel"
          />
        </div>
      </FormSection>
    </StepForm>
  );
}
