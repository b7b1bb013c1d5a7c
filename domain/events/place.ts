/** A place with an address, as the after-party has one. */
export interface AddressedPlace {
  addressName: string;
  street: string;
  streetNr: string;
  zip: string;
  cityName: string;
}

/** A place in one line, leaving out what is empty: "Café Pow, Günterstalstraße 42, 79100 Freiburg". */
export function placeLine(place: AddressedPlace): string {
  return [place.addressName, `${place.street} ${place.streetNr}`.trim(), `${place.zip} ${place.cityName}`.trim()]
    .filter((part) => part !== '')
    .join(', ');
}
