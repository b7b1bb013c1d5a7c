import type { Gender } from '@contract/participants';
import { useLingui } from '@lingui/react/macro';
import {
  CheckboxField,
  type FieldErrors,
  FormSection,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/form';
import { AddressFields } from '../address/AddressFields';
import { EmailField } from './EmailField';
import { FORM_GENDERS, useGenderLabel } from './genderLabel';
import type { ParticipantFieldValues } from './participantFieldValues';

export {
  emptyParticipantFieldValues,
  type ParticipantFieldValues,
  participantFieldValuesOf,
} from './participantFieldValues';

export interface ParticipantFieldsProps {
  /** The current values; the component holds no state of its own. */
  value: ParticipantFieldValues;
  /** Called with the whole next value on every edit. */
  onChange: (next: ParticipantFieldValues) => void;
  /** Messages keyed by field name (firstnamePart, zip, …), as useFieldErrors / errorsFromIssues produce them. */
  errors?: FieldErrors;
  /**
   * 'registration': a participant registers themselves (name, e-mail and address required, browser autofill on).
   * 'organiser': the organiser enters someone else (only the last name required, autofill off).
   */
  required: 'registration' | 'organiser';
  disabled?: boolean;
}

/** Person, address and meal specifics of a participant: three form cards, shared by registration and the organiser's form. */
export function ParticipantFields({ value, onChange, errors = {}, required, disabled }: ParticipantFieldsProps) {
  const { t } = useLingui();
  const genderLabel = useGenderLabel();
  const registration = required === 'registration';
  const set =
    <K extends keyof ParticipantFieldValues>(field: K) =>
    (next: ParticipantFieldValues[K]) =>
      onChange({ ...value, [field]: next });
  /** Common props of a text field; `autoComplete` only applies when people enter their own data. */
  const text = (
    field: keyof ParticipantFieldValues & string,
    label: string,
    autoComplete: string,
    needed = registration,
  ) => ({
    name: field,
    label,
    value: value[field] as string,
    onChange: set(field) as (v: string) => void,
    error: errors[field],
    required: needed,
    disabled,
    autoComplete: registration ? autoComplete : 'off',
    maxLength: 255,
  });

  return (
    <>
      <FormSection title={registration ? t`About you` : t`Person`}>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField {...text('firstnamePart', t`First name`, 'given-name')} />
          <TextField {...text('lastname', t`Last name`, 'family-name', true)} />
        </div>
        <div className="grid grid-cols-2 gap-4 sm:gap-5">
          <SelectField<Gender>
            name="gender"
            label={t`Gender`}
            value={value.gender}
            onChange={set('gender')}
            error={errors.gender}
            disabled={disabled}
            options={FORM_GENDERS.map((gender) => ({ value: gender, label: genderLabel(gender) }))}
          />
          <TextField {...text('age', t`Age`, 'off', false)} inputMode="numeric" maxLength={3} />
        </div>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <EmailField {...text('email', t`E-mail`, 'email')} />
          <TextField
            {...text('mobileNumber', t`Mobile number`, 'tel', false)}
            type="tel"
            inputMode="tel"
            hint={registration ? t`So that your team partner and your hosts can reach you on the evening.` : undefined}
          />
        </div>
      </FormSection>

      <FormSection
        title={t`Address`}
        description={registration ? t`Where you cook if your team hosts a meal.` : undefined}
      >
        <AddressFields
          value={value}
          onChange={(key, next) => set(key)(next)}
          errors={errors}
          required={registration}
          autofill={registration}
          disabled={disabled}
        />
        <TextField
          {...text('addressRemarks', t`Address remarks`, 'off', false)}
          hint={t`Optional, e.g. "3rd floor, ring at Müller".`}
        />
        <TextField
          {...text('numSeats', t`Seats offered`, 'off', false)}
          inputMode="numeric"
          maxLength={3}
          className="sm:max-w-xs"
          hint={
            registration
              ? t`How many people can eat at your place, you included?`
              : t`How many people can eat there, the hosts included?`
          }
        />
      </FormSection>

      <FormSection
        title={t`Meal specifics`}
        description={registration ? t`Your hosts take it into account when they cook.` : undefined}
      >
        <div className="grid grid-cols-2 gap-4">
          {(
            [
              ['vegetarian', t`Vegetarian`],
              ['vegan', t`Vegan`],
              ['lactose', t`Lactose-free`],
              ['gluten', t`Gluten-free`],
            ] as const
          ).map(([diet, label]) => (
            <CheckboxField
              key={diet}
              name={diet}
              label={label}
              checked={value[diet]}
              onChange={set(diet)}
              error={errors[diet]}
              disabled={disabled}
            />
          ))}
        </div>
        <TextAreaField
          name="mealSpecificsNote"
          label={t`Other notes on food`}
          hint={t`Optional, e.g. allergies.`}
          rows={2}
          maxLength={255}
          value={value.mealSpecificsNote}
          onChange={set('mealSpecificsNote')}
          error={errors.mealSpecificsNote}
          disabled={disabled}
        />
      </FormSection>
    </>
  );
}
