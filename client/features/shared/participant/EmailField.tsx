import { TextField, type TextFieldProps } from '../../../components/form';

/** An e-mail input as phones want it: e-mail keyboard, no capitalisation or spell check; autofill off unless asked for. */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField
      type="email"
      inputMode="email"
      autoCapitalize="off"
      spellCheck={false}
      autoComplete="off"
      maxLength={255}
      {...props}
    />
  );
}
