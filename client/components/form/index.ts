export { RadioCardGroup, SelectField, SwitchField } from './Choice';
export type { FieldErrors } from './errors';
export { errorsFromIssues, focusFirstInvalidSoon, issueText, unplacedIssues } from './errors';
export type { TextFieldProps } from './Field';
export { CheckboxField, FieldError, inputClass, TextAreaField, TextField } from './Field';
export { FormSection } from './FormSection';
export { useFieldErrors } from './useFieldErrors';
