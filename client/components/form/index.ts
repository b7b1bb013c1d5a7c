export { FieldShell, FieldError, TextField, TextAreaField, CheckboxField, describedBy, inputClass } from './Field';
export type { FieldShellProps, TextFieldProps, TextAreaFieldProps, CheckboxFieldProps } from './Field';
export { SwitchField, RadioCardGroup, SelectField } from './Choice';
export type { SwitchFieldProps, RadioCardGroupProps, SelectFieldProps, ChoiceOption } from './Choice';
export { FormSection } from './FormSection';
export { errorsFromIssues, unplacedIssues, focusFirstInvalid, focusFirstInvalidSoon } from './errors';
export type { FieldErrors } from './errors';
export { useFieldErrors } from './useFieldErrors';
