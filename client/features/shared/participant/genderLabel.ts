import type { Gender } from '@contract/participants';
import { useLingui } from '@lingui/react/macro';

/** The genders in the order the form offers them, and their names in the UI language. */
export const FORM_GENDERS: readonly Gender[] = ['UNDEFINED', 'FEMALE', 'MALE', 'DIVERSE'];

export function useGenderLabel(): (gender: Gender) => string {
  const { t } = useLingui();
  return (gender) => ({ UNDEFINED: t`Not specified`, FEMALE: t`Female`, MALE: t`Male`, DIVERSE: t`Diverse` })[gender];
}
