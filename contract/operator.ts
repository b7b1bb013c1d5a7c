// Isomorphic: who runs this server, as the imprint and privacy pages show it (GET /rest/masterdataservice/v1/operator).

/** Each field is null until the operator sets it (OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_EMAIL, …). */
export interface Operator {
  name: string | null;
  address: string | null;
  email: string | null;
  donationUrl: string | null;
  /** Whom to ask about personal data: PRIVACY_CONTACT, else OPERATOR_EMAIL. */
  privacyContact: string | null;
}
