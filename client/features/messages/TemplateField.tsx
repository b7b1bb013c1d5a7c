import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useRef } from 'react';
import { FieldError, inputClass } from '../../components/form';
import { placeholderMeaning } from './labels';

interface TemplateFieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  multiline: boolean;
  maxLength: number;
  placeholders: readonly string[];
  rows?: number;
}

/**
 * A text of the message with its placeholders beside it: each button writes `{placeholder}` where the cursor is
 * (or over the selected text) and puts the cursor after it.
 */
export function TemplateField({
  name,
  label,
  hint,
  value,
  onChange,
  error,
  multiline,
  maxLength,
  placeholders,
  rows = 6,
}: TemplateFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // Where the cursor was when the field lost focus to a button: a click on the button keeps it, a tap may not.
  const caret = useRef<{ start: number; end: number } | null>(null);

  const insert = (placeholder: string) => {
    const control = ref.current;
    const token = `{${placeholder}}`;
    const start = caret.current?.start ?? control?.selectionStart ?? value.length;
    const end = caret.current?.end ?? control?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + token + value.slice(end);
    onChange(next);
    const at = start + token.length;
    caret.current = { start: at, end: at };
    requestAnimationFrame(() => {
      control?.focus();
      control?.setSelectionRange(at, at);
    });
  };

  const described =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : '', placeholders.length > 0 ? `${id}-placeholders` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const control = {
    id,
    name,
    value,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      caret.current = null;
      onChange(e.target.value);
    },
    onBlur: (e: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      caret.current = { start: e.target.selectionStart ?? value.length, end: e.target.selectionEnd ?? value.length };
    },
    onFocus: () => {
      caret.current = null;
    },
    required: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    className: `${inputClass} ${error ? 'border-red-600 focus:border-red-600 focus:ring-red-600/30' : 'border-gray-300 focus:border-primary-600 focus:ring-primary-500/30'} ${multiline ? 'font-mono leading-relaxed sm:text-[13px]' : ''}`,
    'data-testid': `field-${name}`,
  };
  const tooLong = value.length > maxLength;
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        </label>
        {multiline && (
          <span
            className={`text-xs tabular-nums ${tooLong ? 'font-semibold text-red-700' : 'text-gray-500'}`}
            aria-hidden={!tooLong}
          >
            {value.length} / {maxLength}
          </span>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mb-1.5 text-sm text-gray-600">
          {hint}
        </p>
      )}
      {multiline ? <textarea ref={ref} rows={rows} {...control} /> : <input ref={ref} type="text" {...control} />}
      <FieldError id={`${id}-error`} error={error} />
      {placeholders.length > 0 && (
        <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
          <span id={`${id}-placeholders`} className="text-xs text-gray-600">
            <Trans>Insert:</Trans>
          </span>
          {placeholders.map((placeholder) => (
            <button
              key={placeholder}
              type="button"
              // Keeps the cursor in the field on a mouse click.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => insert(placeholder)}
              title={t`Insert at the cursor`}
              data-testid={`insert-${placeholder}`}
              className="rounded-md border border-gray-300 bg-gray-50 px-1.5 py-0.5 text-left text-xs text-gray-800 hover:border-primary-600 hover:bg-primary-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
            >
              <span className="font-mono font-semibold text-primary-800">{`{${placeholder}}`}</span>
              {/* On phones the word is read out but not shown: the buttons of every field would fill the screen. */}{' '}
              <span className="sr-only sm:not-sr-only sm:text-gray-600">{placeholderMeaning[placeholder]}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
