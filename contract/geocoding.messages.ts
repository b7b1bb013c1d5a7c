// Isomorphic: the texts of geocoding as catalog descriptors (server answers, client shows).

export const GeocodingMessage = {
  latitude: /*i18n*/ {
    id: 'validation.latitude',
    message: 'The latitude must be a number between -90 and 90 (and not -1)',
  },
  longitude: /*i18n*/ {
    id: 'validation.longitude',
    message: 'The longitude must be a number between -180 and 180 (and not -1)',
  },
  noAfterParty: /*i18n*/ {
    id: 'error.noAfterParty',
    message: 'This running dinner has no after-party whose position could be set',
  },
  /** Why an address is listed as not located. */
  reasonNotFound: /*i18n*/ { id: 'geocoding.reason.notFound', message: 'The map service does not know this address' },
  reasonUnreachable: /*i18n*/ {
    id: 'geocoding.reason.unreachable',
    message: 'The map service could not be reached; it will be asked again later',
  },
  reasonIncompleteAddress: /*i18n*/ {
    id: 'geocoding.reason.incompleteAddress',
    message: 'The address lacks the street or the zip code and city',
  },
} as const;
