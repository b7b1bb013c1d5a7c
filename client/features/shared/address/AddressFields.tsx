import { useLingui } from '@lingui/react/macro';
import { type FieldErrors, TextField } from '../../../components/form';

export type AddressKey = 'street' | 'streetNr' | 'zip' | 'cityName';

interface AddressFieldsProps {
  value: Record<AddressKey, string>;
  onChange: (key: AddressKey, next: string) => void;
  /** Messages keyed by the inputs' names. */
  errors: FieldErrors;
  /** Before each input's name and error key, e.g. "afterPartyLocation." where the form holds more than the address. */
  namePrefix?: string;
  required: boolean;
  /** Someone's own address: the browser may fill it in. */
  autofill?: boolean;
  disabled?: boolean;
}

/** Street and number, zip code and city: two rows, the short field of each beside the long one. */
export function AddressFields({
  value,
  onChange,
  errors,
  namePrefix = '',
  required,
  autofill = false,
  disabled,
}: AddressFieldsProps) {
  const { t } = useLingui();
  const field = (key: AddressKey, label: string, autoComplete: string, maxLength = 255) => ({
    name: `${namePrefix}${key}`,
    label,
    value: value[key],
    onChange: (next: string) => onChange(key, next),
    error: errors[`${namePrefix}${key}`],
    required,
    disabled,
    autoComplete: autofill ? autoComplete : 'off',
    maxLength,
  });
  return (
    <>
      <div className="grid grid-cols-[1fr_6rem] gap-4 sm:grid-cols-[1fr_8rem] sm:gap-5">
        <TextField {...field('street', t`Street`, 'address-line1')} />
        <TextField {...field('streetNr', t`No.`, 'off')} />
      </div>
      <div className="grid grid-cols-[7rem_1fr] gap-4 sm:grid-cols-[8rem_1fr] sm:gap-5">
        <TextField {...field('zip', t`Zip code`, 'postal-code', 10)} inputMode="numeric" />
        <TextField {...field('cityName', t`City`, 'address-level2')} />
      </div>
    </>
  );
}
