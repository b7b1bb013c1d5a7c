export { FieldError, TextField, TextAreaField, CheckboxField, inputClass } from './Field';
export type { TextFieldProps } from './Field';
export { SwitchField, RadioCardGroup, SelectField } from './Choice';
export { FormSection } from './FormSection';
export { errorsFromIssues, issueText, unplacedIssues, focusFirstInvalidSoon } from './errors';
export type { FieldErrors } from './errors';
export { useFieldErrors } from './useFieldErrors';
