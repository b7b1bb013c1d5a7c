import type { Participant, ParticipantInput } from '../../../contract/participants.js';
import type { NewParticipant, ParticipantRow } from '../../../db/schema.js';
import { fullName } from '../../../domain/participants/names.js';

export const fullNameOf = (row: Pick<ParticipantRow, 'firstname_part' | 'lastname'>) =>
  fullName({ firstnamePart: row.firstname_part, lastname: row.lastname });

const bool = (flag: 0 | 1) => flag === 1;
const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** A stored participant as it goes over the wire. */
export function toParticipant(row: ParticipantRow): Participant {
  return {
    id: row.id,
    participantNumber: row.participant_number,
    firstnamePart: row.firstname_part,
    lastname: row.lastname,
    email: row.email,
    gender: row.gender,
    mobileNumber: row.mobile_number,
    age: row.age,
    street: row.street,
    streetNr: row.street_nr,
    zip: row.zip,
    cityName: row.city_name,
    addressRemarks: row.address_remarks,
    numSeats: row.num_seats,
    vegetarian: bool(row.vegetarian),
    lactose: bool(row.lactose),
    gluten: bool(row.gluten),
    vegan: bool(row.vegan),
    mealSpecificsNote: row.meal_specifics_note,
    notes: row.notes,
    teamPartnerWishEmail: row.team_partner_wish_email,
    teamPartnerWishOriginatorId: row.team_partner_wish_originator_id,
    teamId: row.team_id,
    languageCode: row.language_code,
    activated: row.activated_at !== null,
    createdAt: row.created_at,
    withdrawnAt: row.withdrawn_at,
    positionSetByHand: row.geocoding_status === 'MANUAL',
  };
}

export type ParticipantFieldColumns = Omit<
  NewParticipant,
  | 'id'
  | 'running_dinner_id'
  | 'participant_number'
  | 'team_id'
  | 'team_partner_wish_originator_id'
  | 'language_code'
  | 'activated_at'
  | 'created_at'
  | 'updated_at'
  | 'lat'
  | 'lng'
>;

/** The columns a participant's form fields fill (the registration form has no notes). */
export function participantColumns(
  input: Omit<ParticipantInput, 'notes'> & { notes?: string },
): ParticipantFieldColumns {
  return {
    firstname_part: input.firstnamePart,
    lastname: input.lastname,
    email: input.email,
    gender: input.gender,
    mobile_number: input.mobileNumber,
    age: input.age,
    street: input.street,
    street_nr: input.streetNr,
    zip: input.zip,
    city_name: input.cityName,
    address_remarks: input.addressRemarks,
    num_seats: input.numSeats,
    vegetarian: flag(input.vegetarian),
    lactose: flag(input.lactose),
    gluten: flag(input.gluten),
    vegan: flag(input.vegan),
    meal_specifics_note: input.mealSpecificsNote,
    notes: input.notes ?? '',
    team_partner_wish_email: input.teamPartnerWishEmail,
  };
}
