import { useLingui } from '@lingui/react/macro';

/** The words for a participant's fields, to name the field of an issue that has no input of its own (import preview); undefined for anything else. */
export function useFieldLabel(): (field: string | undefined) => string | undefined {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    firstnamePart: t`First name`,
    lastname: t`Last name`,
    email: t`E-mail`,
    gender: t`Gender`,
    mobileNumber: t`Mobile number`,
    age: t`Age`,
    street: t`Street`,
    streetNr: t`House number`,
    zip: t`Zip code`,
    cityName: t`City`,
    addressRemarks: t`Address remarks`,
    numSeats: t`Seats offered`,
    vegetarian: t`Vegetarian`,
    vegan: t`Vegan`,
    lactose: t`Lactose-free`,
    gluten: t`Gluten-free`,
    mealSpecificsNote: t`Other notes on food`,
    notes: t`Notes`,
    teamPartnerWishEmail: t`Team partner wish`,
    languageCode: t`Language`,
    registeredTogetherWith: t`Registered together with`,
  };
  return (field) => (field ? labels[field] : undefined);
}
