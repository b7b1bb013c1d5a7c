import {
  Description,
  Field,
  Label,
  Listbox,
  ListboxButton,
  ListboxOption,
  ListboxOptions,
  Radio,
  RadioGroup,
  Switch,
} from '@headlessui/react';
import { type ReactNode, useId } from 'react';
import { FieldError, inputClass } from './Field';

export interface SwitchFieldProps {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  error?: string;
  className?: string;
}

/** An on/off setting: label and explanation on the left, a headlessui Switch on the right. */
export function SwitchField({
  name,
  label,
  description,
  checked,
  onChange,
  disabled,
  error,
  className = '',
}: SwitchFieldProps) {
  const errorId = useId();
  return (
    <Field disabled={disabled} className={`flex items-start justify-between gap-4 ${className}`}>
      <div className="min-w-0">
        <Label className="text-sm font-medium text-gray-800">{label}</Label>
        {description && <Description className="mt-0.5 text-sm text-gray-600">{description}</Description>}
        <FieldError id={errorId} error={error} />
      </div>
      <Switch
        name={name}
        checked={checked}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? errorId : undefined}
        className="group relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-gray-300 transition-colors focus:outline-none data-[checked]:bg-primary-700 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[focus]:ring-2 data-[focus]:ring-primary-500 data-[focus]:ring-offset-2"
      >
        <span className="pointer-events-none inline-block size-5 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition-transform group-data-[checked]:translate-x-[1.375rem]" />
      </Switch>
    </Field>
  );
}

interface ChoiceOption<T extends string> {
  value: T;
  label: ReactNode;
  description?: ReactNode;
}

interface ChoiceFieldProps<T extends string> {
  name: string;
  label: ReactNode;
  value: T;
  onChange: (value: T) => void;
  options: readonly ChoiceOption<T>[];
  error?: string;
  className?: string;
}

export interface RadioCardGroupProps<T extends string> extends ChoiceFieldProps<T> {
  /** Grid columns from the sm breakpoint on; one column on phones. */
  columns?: 1 | 2 | 3;
}

const columnClass = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' };

/** One choice out of a few, each a card with a one-line explanation (headlessui RadioGroup, arrow keys move). */
export function RadioCardGroup<T extends string>({
  name,
  label,
  value,
  onChange,
  options,
  error,
  columns = 1,
  className = '',
}: RadioCardGroupProps<T>) {
  const labelId = useId();
  const errorId = useId();
  return (
    <div className={className}>
      <p id={labelId} className="mb-2 text-sm font-medium text-gray-800">
        {label}
      </p>
      <RadioGroup
        name={name}
        value={value}
        onChange={onChange}
        aria-labelledby={labelId}
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? errorId : undefined}
        className={`grid grid-cols-1 gap-3 ${columnClass[columns]}`}
      >
        {/* A card is named by all it shows (label and explanation), so the name a voice command uses is what is seen. */}
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className="group flex h-full cursor-pointer items-start gap-3 rounded-lg border border-gray-300 bg-white p-3 focus:outline-none data-[checked]:border-primary-700 data-[checked]:bg-primary-50 data-[focus]:ring-2 data-[focus]:ring-primary-500 data-[focus]:ring-offset-1"
          >
            <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-gray-400 group-data-[checked]:border-primary-700">
              <span className="size-2.5 rounded-full bg-primary-700 opacity-0 group-data-[checked]:opacity-100" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-gray-900">{option.label}</span>
              {option.description && <span className="mt-0.5 block text-sm text-gray-600">{option.description}</span>}
            </span>
          </Radio>
        ))}
      </RadioGroup>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export interface SelectFieldProps<T extends string> extends ChoiceFieldProps<T> {
  hint?: ReactNode;
  disabled?: boolean;
}

/** A dropdown (headlessui Listbox) for a choice out of several; options may carry a short explanation. */
export function SelectField<T extends string>({
  name,
  label,
  value,
  onChange,
  options,
  error,
  hint,
  disabled,
  className = '',
}: SelectFieldProps<T>) {
  const errorId = useId();
  const selected = options.find((o) => o.value === value);
  return (
    <Field disabled={disabled} className={className}>
      <Label className="mb-1 block text-sm font-medium text-gray-800">{label}</Label>
      <Listbox name={name} value={value} onChange={onChange}>
        <ListboxButton
          aria-invalid={error ? true : undefined}
          aria-errormessage={error ? errorId : undefined}
          className={`${inputClass} flex items-center justify-between gap-2 text-left ${error ? 'border-red-600 focus:ring-red-600/30' : 'border-gray-300 focus:border-primary-600 focus:ring-primary-500/30'}`}
        >
          <span className="truncate">{selected?.label}</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 fill-gray-500">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-30 mt-1 w-[var(--button-width)] rounded-lg border border-gray-200 bg-white py-1 shadow-lg focus:outline-none"
        >
          {options.map((option) => (
            <ListboxOption
              key={option.value}
              value={option.value}
              className="group cursor-pointer px-3 py-2 data-[focus]:bg-primary-50 data-[selected]:font-semibold"
            >
              <span className="flex items-center gap-2 text-sm text-gray-900">
                <span aria-hidden="true" className="w-4 text-primary-700 opacity-0 group-data-[selected]:opacity-100">
                  ✓
                </span>
                {option.label}
              </span>
              {option.description && <span className="block pl-6 text-xs text-gray-600">{option.description}</span>}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
      {hint && <Description className="mt-1 text-sm text-gray-600">{hint}</Description>}
      <FieldError id={errorId} error={error} />
    </Field>
  );
}
