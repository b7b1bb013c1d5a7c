import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

export const inputClass =
  'block w-full rounded-lg border bg-white px-3 py-2 text-base text-gray-900 shadow-sm placeholder:text-gray-400 focus:outline-none focus:ring-2 disabled:bg-gray-100 disabled:text-gray-500 sm:text-sm';
const validClass = 'border-gray-300 focus:border-primary-600 focus:ring-primary-500/30';
const invalidClass = 'border-red-600 focus:border-red-600 focus:ring-red-600/30';

interface FieldShellProps {
  /** The id of the control; the label points at it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above, control, then hint or error below (the error replaces nothing: both can show). */
function FieldShell({ id, label, hint, error, required, className = '', children }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
        {required && (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id?: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700" data-field-error>
      {error}
    </p>
  );
}

/** aria attributes shared by every control: invalid state and the hint/error it is described by. */
function describedBy(id: string, hint?: ReactNode, error?: string) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

interface TextControlProps {
  /** Field path; also the key of its error in FieldErrors. */
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  /** Extra classes on the wrapper (e.g. grid spans). */
  className?: string;
  id?: string;
  required?: boolean;
}

type TextElement = HTMLInputElement | HTMLTextAreaElement;

/** Splits a text control's props into those of its FieldShell, those of the control itself, and the native rest. */
function useTextControl<Rest extends object>({
  name,
  label,
  value,
  onChange,
  error,
  hint,
  className,
  id: givenId,
  required,
  ...rest
}: TextControlProps & Rest) {
  const generated = useId();
  const id = givenId ?? generated;
  return {
    rest,
    shell: { id, label, hint, error, required, className },
    control: {
      id,
      name,
      value,
      required,
      onChange: (e: ChangeEvent<TextElement>) => onChange(e.target.value),
      className: `${inputClass} ${error ? invalidClass : validClass}`,
      ...describedBy(id, hint, error),
    },
  };
}

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, keyof TextControlProps | 'children'>;
export interface TextFieldProps extends NativeInput, TextControlProps {
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input (text, email, tel, date, time, number…) with hint and error under it. */
export function TextField({ inputRef, type = 'text', ...props }: TextFieldProps) {
  const { rest, shell, control } = useTextControl(props);
  return (
    <FieldShell {...shell}>
      <input {...rest} ref={inputRef} type={type} {...control} />
    </FieldShell>
  );
}

type NativeTextArea = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof TextControlProps | 'children'>;
export type TextAreaFieldProps = NativeTextArea & TextControlProps;

export function TextAreaField({ rows = 5, ...props }: TextAreaFieldProps) {
  const { rest, shell, control } = useTextControl(props);
  return (
    <FieldShell {...shell}>
      <textarea {...rest} rows={rows} {...control} />
    </FieldShell>
  );
}

export interface CheckboxFieldProps {
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

/** A native checkbox with its label to the right (consents, opt-ins). */
export function CheckboxField({
  name,
  label,
  checked,
  onChange,
  error,
  hint,
  required,
  disabled,
  className = '',
}: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          required={required}
          onChange={(e) => onChange(e.target.checked)}
          className={`mt-0.5 size-5 shrink-0 rounded border-gray-300 accent-primary-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:ring-offset-2 ${error ? 'outline outline-2 outline-red-600' : ''}`}
          {...describedBy(id, hint, error)}
        />
        <label htmlFor={id} className="text-sm text-gray-800">
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 pl-8 text-sm text-gray-600">
          {hint}
        </p>
      )}
      <div className="pl-8">
        <FieldError id={`${id}-error`} error={error} />
      </div>
    </div>
  );
}
