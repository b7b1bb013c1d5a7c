import { ParticipantsMessage } from '../../../contract/participants.messages.js';
import type { ParticipantRow } from '../../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/** Teams refer to their members: whoever is in a team keeps their place until the teams change. */
export function assertNotInTeam(...rows: ParticipantRow[]): void {
  if (rows.some((r) => r.team_id !== null)) throw new AppError('participant_in_team', ParticipantsMessage.inTeam.id);
}
