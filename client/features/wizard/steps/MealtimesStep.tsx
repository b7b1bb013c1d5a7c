import { msgId } from '@domain/validation-messages';
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { formatDate } from '../../../components/dateFormat';
import { FormSection, TextField, useFieldErrors } from '../../../components/form';
import { StepForm } from '../StepForm';
import { useStep } from '../wizard.nav';
import { useWizard } from '../wizard.store';
import { MealDot } from './MealDot';
import { mealPlanIssues } from './OptionsStep';

export function MealtimesStep() {
  const { t } = useLingui();
  const date = useWizard((s) => s.basics.date);
  const options = useWizard((s) => s.options);
  const afterParty = useWizard((s) => s.afterParty);
  const setMeals = useWizard((s) => s.setMeals);
  const setAfterParty = useWizard((s) => s.setAfterParty);
  const { next, back } = useStep('mealtimes');
  const { errors, show, clear } = useFieldErrors();
  const day = formatDate(date);

  const submit = async () => {
    // An emptied time input would reach the server as a broken date-time; say plainly that it is missing.
    const missing = options.meals.flatMap((m, i) =>
      m.time ? [] : [{ field: `meals.${i}.time`, message: i18n._(msgId('required')) }],
    );
    if (missing.length > 0) return void show(missing);
    const issues = await mealPlanIssues(options, date, afterParty);
    if (issues.length > 0) return void show(issues);
    next();
  };

  return (
    <StepForm onSubmit={submit} onBack={back}>
      <FormSection
        title={t`Schedule`}
        description={t`When does each course start on ${day}? All courses take place on the day of the dinner.`}
      >
        <ul className="space-y-4">
          {options.meals.map((meal, i) => (
            <li key={i} className="flex items-start gap-3">
              <MealDot index={i} className="mt-9" />
              <TextField
                name={`meals.${i}.time`}
                type="time"
                label={meal.label}
                value={meal.time}
                onChange={(time) => {
                  setMeals(options.meals.map((m, j) => (j === i ? { ...m, time } : m)));
                  clear(`meals.${i}.time`);
                }}
                error={errors[`meals.${i}.time`] ?? errors[`meals.${i}.label`]}
                required
                className="w-full max-w-[12rem]"
              />
            </li>
          ))}
        </ul>
        {afterParty && (
          <div className="flex items-start gap-3 border-t border-gray-100 pt-4">
            <span aria-hidden="true" className="mt-9 inline-block size-3 shrink-0 rounded-full bg-secondary-500" />
            <TextField
              name="afterPartyLocation.time"
              type="datetime-local"
              label={afterParty.title || t`After-party`}
              value={afterParty.time}
              onChange={(time) => {
                setAfterParty({ time });
                clear('afterPartyLocation.time');
              }}
              error={errors['afterPartyLocation.time']}
              required
              className="w-full max-w-[16rem]"
            />
          </div>
        )}
      </FormSection>
    </StepForm>
  );
}
