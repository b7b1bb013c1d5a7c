import type { ParticipantInput } from '../../../contract/participants.js';
import type { NewParticipant, RunningDinnerRow } from '../../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { addressGeocodingColumns } from '../geocoding/geocoding.service.js';
import { participantColumns } from './participant-row.js';

export function newParticipantRow(
  dinner: RunningDinnerRow,
  input: ParticipantInput,
  number: number,
  now: string,
  extra: Partial<
    Pick<NewParticipant, 'id' | 'language_code' | 'team_partner_wish_originator_id' | 'activated_at'>
  > = {},
): NewParticipant {
  return {
    id: newId(),
    running_dinner_id: dinner.id,
    participant_number: number,
    ...participantColumns(input),
    // PENDING for the geocoder, or MANUAL with the position the organiser sent along.
    ...addressGeocodingColumns(null, input, input.geocodingResult),
    team_partner_wish_originator_id: null,
    team_id: null,
    language_code: dinner.language_code,
    // Whoever the organiser enters takes part: there is nobody to confirm a mail.
    activated_at: now,
    created_at: now,
    updated_at: now,
    ...extra,
  };
}
