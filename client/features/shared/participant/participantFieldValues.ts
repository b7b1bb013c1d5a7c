import type { Gender, Participant } from '@contract/participants';
// A relative path for the one value import: vitest (unlike vite) does not know the @server alias.
import { UNKNOWN } from '@contract/participants';

// Plain data, apart from the component, so that logic and tests can use it without rendering.

/**
 * The editable fields of a participant, as a form holds them: text inputs stay strings (age and seats too,
 * empty meaning unknown), so the value can go to the isomorphic schemas unchanged (they accept digit strings).
 */
export interface ParticipantFieldValues {
  firstnamePart: string;
  lastname: string;
  gender: Gender;
  age: string;
  email: string;
  mobileNumber: string;
  street: string;
  streetNr: string;
  zip: string;
  cityName: string;
  addressRemarks: string;
  numSeats: string;
  vegetarian: boolean;
  lactose: boolean;
  gluten: boolean;
  vegan: boolean;
  mealSpecificsNote: string;
}

export const emptyParticipantFieldValues: ParticipantFieldValues = {
  firstnamePart: '',
  lastname: '',
  gender: 'UNDEFINED',
  age: '',
  email: '',
  mobileNumber: '',
  street: '',
  streetNr: '',
  zip: '',
  cityName: '',
  addressRemarks: '',
  numSeats: '',
  vegetarian: false,
  lactose: false,
  gluten: false,
  vegan: false,
  mealSpecificsNote: '',
};

const countText = (n: number) => (n === UNKNOWN ? '' : String(n));

/** The form values of a stored participant (for an edit form). */
export function participantFieldValuesOf(p: Participant): ParticipantFieldValues {
  return {
    firstnamePart: p.firstnamePart,
    lastname: p.lastname,
    gender: p.gender,
    age: countText(p.age),
    email: p.email,
    mobileNumber: p.mobileNumber,
    street: p.street,
    streetNr: p.streetNr,
    zip: p.zip,
    cityName: p.cityName,
    addressRemarks: p.addressRemarks,
    numSeats: countText(p.numSeats),
    vegetarian: p.vegetarian,
    lactose: p.lactose,
    gluten: p.gluten,
    vegan: p.vegan,
    mealSpecificsNote: p.mealSpecificsNote,
  };
}
