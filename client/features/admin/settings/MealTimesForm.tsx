import type { RunningDinner } from '@contract/dinner';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatTime } from '../../../components/dateFormat';
import { FormSection, TextField } from '../../../components/form';
import { mealDotClass, mealKind } from '../../../components/mealColours';
import { useDinnerMutation } from '../hooks';
import { SaveBar } from './SaveBar';
import { useSettingsForm } from './useSettingsForm';

interface MealValue {
  id: string;
  label: string;
  time: string;
}

export function MealTimesForm({ dinner, readOnly }: { dinner: RunningDinner; readOnly: boolean }) {
  const { t } = useLingui();
  const mutateDinner = useDinnerMutation();
  const date = dinner.basicDetails.date;
  const form = useSettingsForm<{ meals: MealValue[] }>(
    {
      meals: dinner.options.meals.map((m) => ({ id: m.id, label: m.label, time: formatTime(m.time) })),
    },
    { section: t`Meals and times` },
  );
  const { values, errors, busy } = form;

  const setMeal = (index: number, patch: Partial<MealValue>) => {
    form.setValues((v) => ({ meals: v.meals.map((m, i) => (i === index ? { ...m, ...patch } : m)) }));
    form.setErrors((e) => {
      const rest = { ...e };
      delete rest[`meals.${index}.${Object.keys(patch)[0]}`];
      return rest;
    });
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    void form.submit(() =>
      mutateDinner('put', '/meals', {
        meals: values.meals.map((m) => ({ id: m.id, label: m.label, time: m.time ? `${date}T${m.time}` : undefined })),
      }),
    );
  };

  const day = formatDate(date);
  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label={t`Meal times`}>
      <fieldset disabled={readOnly} className="min-w-0">
        <FormSection
          title={<Trans>Meals and times</Trans>}
          description={<Trans>All meals take place on {day}, one after the other.</Trans>}
        >
          {values.meals.map((meal, i) => (
            <div
              key={meal.id}
              className="grid grid-cols-[auto_1fr_8.5rem] items-start gap-3 sm:grid-cols-[auto_1fr_9rem]"
            >
              <span aria-hidden="true" className={`mt-9 size-3 rounded-full ${mealDotClass[mealKind(i)]}`} />
              <TextField
                name={`meals.${i}.label`}
                label={<Trans>Meal {i + 1}</Trans>}
                value={meal.label}
                onChange={(v) => setMeal(i, { label: v })}
                error={errors[`meals.${i}.label`]}
                required
              />
              <TextField
                name={`meals.${i}.time`}
                type="time"
                label={<Trans>Time</Trans>}
                value={meal.time}
                onChange={(v) => setMeal(i, { time: v })}
                error={errors[`meals.${i}.time`]}
                required
              />
            </div>
          ))}
          {errors.meals && <p className="text-sm font-medium text-red-700">{errors.meals}</p>}
          <SaveBar busy={busy} disabled={readOnly} />
        </FormSection>
      </fieldset>
    </form>
  );
}
