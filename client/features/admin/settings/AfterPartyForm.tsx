import type { RunningDinner } from '@contract/dinner';
import { type AfterPartyAddress, defaultAfterPartyLocation } from '@domain/events/dinner-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatDate, formatTime } from '../../../components/dateFormat';
import { FormSection, SwitchField, TextAreaField, TextField } from '../../../components/form';
import { useAction } from '../../../components/useAction';
import { AddressFields } from '../../shared/address/AddressFields';
import { useDinnerMutation } from '../hooks';
import { SaveBar } from './SaveBar';
import { useSettingsForm } from './useSettingsForm';

/** The form holds the time of day; the date is the event's (or the next day's after midnight). */
type Values = AfterPartyAddress;

function initialValues(dinner: RunningDinner): Values {
  const { basicDetails, options } = dinner;
  const location =
    dinner.afterPartyLocation ??
    defaultAfterPartyLocation(basicDetails.zip, basicDetails.city, options.meals, basicDetails.languageCode);
  return { ...location, time: formatTime(location.time) };
}

/** Where everyone meets after the last meal. Switching it on shows the form; it is stored with "Save". */
export function AfterPartyForm({ dinner, readOnly }: { dinner: RunningDinner; readOnly: boolean }) {
  const { t } = useLingui();
  const mutateDinner = useDinnerMutation();
  const exists = dinner.afterPartyLocation !== null;
  const [enabled, setEnabled] = useState(exists);
  const removal = useAction();
  const form = useSettingsForm<Values>(initialValues(dinner), { section: t`After-party` });
  const { values, set, errors, busy } = form;

  const toggle = async (on: boolean) => {
    if (on || !exists) {
      setEnabled(on);
      return;
    }
    await removal.run(async () => {
      await mutateDinner('delete', '/afterpartylocation');
      setEnabled(false);
      form.setValues(initialValues({ ...dinner, afterPartyLocation: null }));
    }, t`The after-party was removed.`);
  };

  // The after-party starts on the event day; a time before the first meal would be after midnight.
  const lastMeal = dinner.options.meals.at(-1)!.time;
  const day =
    values.time && values.time < formatTime(dinner.options.meals[0].time)
      ? nextDay(dinner.basicDetails.date)
      : dinner.basicDetails.date;
  const onDay = formatDate(day);
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    void form.submit(() =>
      mutateDinner('put', '/afterpartylocation', { ...values, time: values.time ? `${day}T${values.time}` : '' }),
    );
  };

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label={t`After-party`}>
      <fieldset disabled={readOnly} className="min-w-0">
        <FormSection title={<Trans>After-party</Trans>}>
          <SwitchField
            name="afterParty"
            label={<Trans>Everyone meets after the last meal</Trans>}
            description={
              <Trans>
                All participants get the address with their dinner route. Last meal at {formatTime(lastMeal)}.
              </Trans>
            }
            checked={enabled}
            onChange={(on) => void toggle(on)}
            disabled={readOnly || removal.busy}
          />
          {enabled && (
            <>
              <div className="grid gap-5 sm:grid-cols-[1fr_9rem]">
                <TextField
                  name="title"
                  label={<Trans>Name of the party</Trans>}
                  value={values.title}
                  onChange={(v) => set('title', v)}
                  error={errors.title}
                  required
                />
                <TextField
                  name="time"
                  type="time"
                  label={<Trans>Time</Trans>}
                  hint={day !== dinner.basicDetails.date && <Trans>After midnight: on {onDay}</Trans>}
                  value={values.time}
                  onChange={(v) => set('time', v)}
                  error={errors.time}
                  required
                />
              </div>
              <TextField
                name="addressName"
                label={<Trans>Place (optional)</Trans>}
                hint={<Trans>e.g. the name of a bar or a club house</Trans>}
                value={values.addressName}
                onChange={(v) => set('addressName', v)}
                error={errors.addressName}
              />
              <AddressFields value={values} onChange={(key, next) => set(key, next)} errors={errors} required />
              <TextAreaField
                name="addressRemarks"
                label={<Trans>Remarks (optional)</Trans>}
                value={values.addressRemarks}
                onChange={(v) => set('addressRemarks', v)}
                error={errors.addressRemarks}
                rows={3}
              />
              <SaveBar busy={busy} disabled={readOnly} />
            </>
          )}
        </FormSection>
      </fieldset>
    </form>
  );
}

function nextDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
