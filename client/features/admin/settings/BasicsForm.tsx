import type { BasicDetails, RegistrationType, RunningDinner } from '@contract/dinner';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDate } from '../../../components/dateFormat';
import { FormSection, RadioCardGroup, SelectField, SwitchField, TextField } from '../../../components/form';
import { useDinnerMutation } from '../hooks';
import { SaveBar } from './SaveBar';
import { useUnsavedSections } from './unsavedSections';
import { useSettingsForm } from './useSettingsForm';

type Values = BasicDetails & { teamPartnerWishDisabled: boolean };

export function BasicsForm({ dinner, readOnly }: { dinner: RunningDinner; readOnly: boolean }) {
  const { t } = useLingui();
  const mutateDinner = useDinnerMutation();
  const form = useSettingsForm<Values>(
    { ...dinner.basicDetails, teamPartnerWishDisabled: dinner.options.teamPartnerWishDisabled },
    { section: t`Basics`, issuePrefix: 'basicDetails' },
  );
  const { values, set, errors, busy } = form;
  const [confirming, setConfirming] = useState(false);

  const wasClosed = dinner.basicDetails.registrationType === 'CLOSED';
  const closedChanged = wasClosed !== (values.registrationType === 'CLOSED');
  const dateMoved = values.date !== dinner.basicDetails.date;
  const dateChanged = dateMoved && dinner.participantCount > 0;
  // The meals move with the date, and their form starts over from the server's copy.
  const mealsLost = dateMoved && useUnsavedSections.getState().sections.includes(t`Meals and times`);

  const save = () =>
    form.submit(() => {
      const { teamPartnerWishDisabled, ...basicDetails } = values;
      return mutateDinner('put', '/basicsettings', { basicDetails, teamPartnerWishDisabled });
    });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (closedChanged || dateChanged || mealsLost) setConfirming(true);
    else void save();
  };

  const registrationTypes = [
    {
      value: 'PUBLIC' as RegistrationType,
      label: <Trans>Public</Trans>,
      description: <Trans>Listed on this website, anyone can register.</Trans>,
    },
    {
      value: 'OPEN' as RegistrationType,
      label: <Trans>Open</Trans>,
      description: <Trans>Not listed; anyone who has the link can register.</Trans>,
    },
    {
      value: 'CLOSED' as RegistrationType,
      label: <Trans>Closed</Trans>,
      description: <Trans>No registration; you add the participants yourself.</Trans>,
    },
  ];
  const count = dinner.participantCount;
  const oldDate = formatDate(dinner.basicDetails.date);
  const newDate = formatDate(values.date);

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label={t`Basic settings`}>
      <fieldset disabled={readOnly} className="min-w-0">
        <FormSection
          title={<Trans>Basics</Trans>}
          description={<Trans>What your running dinner is called, when and where it takes place.</Trans>}
        >
          <TextField
            name="title"
            label={<Trans>Title</Trans>}
            value={values.title}
            onChange={(v) => set('title', v)}
            error={errors.title}
            required
            maxLength={255}
          />
          <div className="grid gap-5 sm:grid-cols-[8rem_1fr]">
            <TextField
              name="zip"
              label={<Trans>Zip code</Trans>}
              value={values.zip}
              onChange={(v) => set('zip', v)}
              error={errors.zip}
              required
              maxLength={10}
              inputMode="numeric"
            />
            <TextField
              name="city"
              label={<Trans>City</Trans>}
              value={values.city}
              onChange={(v) => set('city', v)}
              error={errors.city}
              required
              maxLength={255}
            />
          </div>
          <TextField
            name="date"
            type="date"
            label={<Trans>Date</Trans>}
            value={values.date}
            onChange={(v) => set('date', v)}
            error={errors.date}
            required
            className="sm:max-w-xs"
            hint={<Trans>The meal times move along with the date.</Trans>}
          />
          <RadioCardGroup<RegistrationType>
            name="registrationType"
            label={<Trans>Registration</Trans>}
            value={values.registrationType}
            onChange={(v) => set('registrationType', v)}
            options={registrationTypes}
            error={errors.registrationType}
            columns={3}
          />
          <SelectField<'de' | 'en'>
            name="languageCode"
            label={<Trans>Language of the mails to participants</Trans>}
            value={values.languageCode}
            onChange={(v) => set('languageCode', v)}
            options={[
              { value: 'de', label: <Trans>German</Trans> },
              { value: 'en', label: <Trans>English</Trans> },
            ]}
            error={errors.languageCode}
            className="sm:max-w-xs"
            disabled={readOnly}
          />
          <SwitchField
            name="teamPartnerWish"
            label={<Trans>Participants may name a team partner</Trans>}
            description={<Trans>When they register, people can say with whom they want to cook.</Trans>}
            checked={!values.teamPartnerWishDisabled}
            onChange={(on) => set('teamPartnerWishDisabled', !on)}
            disabled={readOnly}
          />
          <SaveBar busy={busy} disabled={readOnly} />
        </FormSection>
      </fieldset>
      <ConfirmDialog
        open={confirming}
        title={<Trans>Save these changes?</Trans>}
        confirmLabel={<Trans>Save anyway</Trans>}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await save()) setConfirming(false);
        }}
      >
        {closedChanged && values.registrationType === 'CLOSED' && (
          <p data-testid="confirm-closed">
            <Trans>
              Registration will be closed: the registration link stops working and only you can add participants.
              Everyone already registered stays.
            </Trans>
          </p>
        )}
        {closedChanged && values.registrationType !== 'CLOSED' && (
          <p data-testid="confirm-open">
            <Trans>
              People will be able to register themselves through the registration link. Please check the texts under
              “Public registration” before you share it.
            </Trans>
          </p>
        )}
        {dateChanged && (
          <p className="rounded-lg bg-amber-50 p-3 font-medium text-amber-900" data-testid="confirm-date">
            <Trans>
              {count} participants registered for {oldDate}. They are not informed automatically that the running dinner
              now takes place on {newDate}.
            </Trans>
          </p>
        )}
        {mealsLost && (
          <p className="rounded-lg bg-amber-50 p-3 font-medium text-amber-900" data-testid="confirm-meals-reset">
            <Trans>
              Your unsaved changes under “Meals and times” are reset: the meals move to the new date. Save them first to
              keep them.
            </Trans>
          </p>
        )}
      </ConfirmDialog>
    </form>
  );
}
