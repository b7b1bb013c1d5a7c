import { type GenderAspects, MAX_MEALS, MIN_MEALS } from '@contract/dinner';
import { afterPartyIssues } from '@domain/events/dinner-rules';
import { prefixIssues } from '@domain/validation';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/Button';
import {
  FieldError,
  FormSection,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  useFieldErrors,
} from '../../../components/form';
import { AddressFields } from '../../shared/address/AddressFields';
import { StepForm } from '../StepForm';
import { afterPartyBody, optionsBody, validateStep } from '../wizard.api';
import { useStep } from '../wizard.nav';
import { type AfterPartyDraft, mealDateTime, type OptionsDraft, useWizard } from '../wizard.store';
import { MealDot } from './MealDot';

/** Issues of the after-party: its own rules and, since the server does not know the meals here, against the last meal. */
async function afterPartyCheck(afterParty: AfterPartyDraft | null, meals: { label: string; time: string }[]) {
  if (!afterParty) return [];
  const body = afterPartyBody(afterParty);
  const own = await validateStep('afterpartylocation', body);
  const local =
    own.length === 0
      ? afterPartyIssues(
          body,
          meals.map((m, i) => ({ ...m, id: String(i) })),
        )
      : [];
  return prefixIssues('afterPartyLocation', [...own, ...local]);
}

/** Issues of the meals and of the after-party, checked together as both steps that edit them submit. */
export async function mealPlanIssues(options: OptionsDraft, date: string, afterParty: AfterPartyDraft | null) {
  const body = optionsBody(options, date);
  const [optionIssues, partyIssues] = await Promise.all([
    validateStep('options', body, date),
    afterPartyCheck(afterParty, body.meals),
  ]);
  return [...optionIssues, ...partyIssues];
}

export function OptionsStep() {
  const { t } = useLingui();
  const date = useWizard((s) => s.basics.date);
  const options = useWizard((s) => s.options);
  const afterParty = useWizard((s) => s.afterParty);
  const { setOptions, setMeals, addMeal, removeMeal, setAfterPartyEnabled, setAfterParty } = useWizard.getState();
  const { next, back } = useStep('options');
  const { errors, show, clear } = useFieldErrors();

  const option =
    <K extends keyof OptionsDraft>(field: K) =>
    (value: OptionsDraft[K]) => {
      setOptions({ [field]: value } as Partial<OptionsDraft>);
      clear(field);
    };
  const party =
    <K extends keyof AfterPartyDraft>(field: K) =>
    (value: AfterPartyDraft[K]) => {
      setAfterParty({ [field]: value } as Partial<AfterPartyDraft>);
      clear(`afterPartyLocation.${field}`);
    };

  const submit = async () => {
    const issues = await mealPlanIssues(options, date, afterParty);
    if (issues.length > 0) return void show(issues);
    next();
  };

  return (
    <StepForm onSubmit={submit} onBack={back}>
      <FormSection
        title={t`Meals`}
        description={t`A running dinner has 2 or 3 courses. Every team cooks one of them and is a guest for the others.`}
      >
        <ul className="space-y-4">
          {options.meals.map((meal, i) => {
            const number = i + 1;
            const start = meal.time;
            return (
              <li key={i} className="flex items-start gap-3">
                <MealDot index={i} className="mt-9" />
                <TextField
                  name={`meals.${i}.label`}
                  label={t`Course ${number}`}
                  value={meal.label}
                  onChange={(label) => {
                    setMeals(options.meals.map((m, j) => (j === i ? { ...m, label } : m)));
                    clear(`meals.${i}.label`);
                  }}
                  error={errors[`meals.${i}.label`] ?? errors[`meals.${i}.time`]}
                  hint={t`Starts at ${start}`}
                  required
                  className="min-w-0 flex-1"
                />
                {options.meals.length > MIN_MEALS && (
                  <Button
                    variant="ghost"
                    className="mt-6 shrink-0"
                    onClick={() => removeMeal(i)}
                    aria-label={t`Remove course ${number}`}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        <FieldError error={errors.meals} />
        {options.meals.length < MAX_MEALS && (
          <Button variant="secondary" onClick={addMeal}>
            + <Trans>Add course</Trans>
          </Button>
        )}
      </FormSection>

      <FormSection title={t`Teams`} description={t`How the teams are put together when you generate them.`}>
        <SelectField<GenderAspects>
          name="genderAspects"
          label={t`Gender mix in teams`}
          value={options.genderAspects}
          onChange={option('genderAspects')}
          error={errors.genderAspects}
          options={[
            {
              value: 'FORCE_GENDER_MIX',
              label: t`Mixed teams where possible`,
              description: t`A woman and a man cook together.`,
            },
            {
              value: 'FORCE_SAME_GENDER',
              label: t`Same-gender teams where possible`,
              description: t`Two women or two men cook together.`,
            },
            {
              value: 'IGNORE_GENDER',
              label: t`Gender does not matter`,
              description: t`Teams are formed without looking at gender.`,
            },
          ]}
        />
        <SwitchField
          name="forceEqualDistributedCapacityTeams"
          label={t`Spread the hosting places evenly`}
          description={t`Teams with enough seats at home are distributed evenly over the courses.`}
          checked={options.forceEqualDistributedCapacityTeams}
          onChange={option('forceEqualDistributedCapacityTeams')}
        />
        <SwitchField
          name="considerShortestPaths"
          label={t`Prefer short distances`}
          description={t`When the teams are generated, their routes are shortened right away in the background. Without it you can still shorten them yourself under Dinner routes.`}
          checked={options.considerShortestPaths}
          onChange={option('considerShortestPaths')}
        />
        <SwitchField
          name="teamPartnerWishDisabled"
          label={t`Allow team partner wishes`}
          description={t`Participants can name the person they want to cook with.`}
          checked={!options.teamPartnerWishDisabled}
          onChange={(allowed) => option('teamPartnerWishDisabled')(!allowed)}
        />
      </FormSection>

      <FormSection title={t`Area`}>
        <TextField
          name="zipRestrictions"
          label={t`Only these zip codes (optional)`}
          hint={t`Separate with commas, ranges with a hyphen, e.g. 79100-79115, 79117. Empty means everyone can take part.`}
          value={options.zipRestrictions}
          onChange={option('zipRestrictions')}
          error={errors.zipRestrictions}
          autoComplete="off"
        />
      </FormSection>

      <FormSection title={t`After-party`}>
        <SwitchField
          name="afterPartyEnabled"
          label={t`Everyone meets after the last course`}
          description={t`Add a place where all teams celebrate together afterwards.`}
          checked={afterParty !== null}
          onChange={(enabled) => {
            setAfterPartyEnabled(enabled);
            clear();
          }}
        />
        {afterParty && (
          <div className="space-y-5 border-t border-gray-100 pt-5">
            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
              <TextField
                name="afterPartyLocation.title"
                label={t`Title`}
                value={afterParty.title}
                onChange={party('title')}
                error={errors['afterPartyLocation.title']}
                required
              />
              <TextField
                name="afterPartyLocation.time"
                type="datetime-local"
                label={t`Starts at`}
                value={afterParty.time}
                onChange={party('time')}
                error={errors['afterPartyLocation.time']}
                min={
                  options.meals.length > 0
                    ? mealDateTime(date, options.meals[options.meals.length - 1].time)
                    : undefined
                }
                required
              />
            </div>
            <TextField
              name="afterPartyLocation.addressName"
              label={t`Name of the place (optional)`}
              hint={t`E.g. the name of a bar or a club room.`}
              value={afterParty.addressName}
              onChange={party('addressName')}
              error={errors['afterPartyLocation.addressName']}
            />
            <AddressFields
              value={afterParty}
              onChange={(key, next) => party(key)(next)}
              errors={errors}
              namePrefix="afterPartyLocation."
              required
            />
            <TextAreaField
              name="afterPartyLocation.addressRemarks"
              label={t`Directions (optional)`}
              value={afterParty.addressRemarks}
              onChange={party('addressRemarks')}
              error={errors['afterPartyLocation.addressRemarks']}
              rows={3}
            />
          </div>
        )}
      </FormSection>
    </StepForm>
  );
}
