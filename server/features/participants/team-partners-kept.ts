import type { Participant } from '../../../contract/participants.js';
import { ParticipantsMessage } from '../../../contract/participants.messages.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import type { Trx } from '../../../db/transaction.js';
import { teamPartnersChange } from '../../../domain/participants/team-partner-wish.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { toParticipant } from './participant-row.js';
import * as repo from './participants.repo.js';

export const teamPartnersFixed = () =>
  new AppError('team_partner_wish_not_changeable', ParticipantsMessage.teamPartnersFixed.id);

/**
 * Once teams exist, the fixed partners of everyone in a team stay as they are: the plan keeps every fixed pair
 * in one team, and a pair across two teams (or with someone waiting) would break it. `change` applies the
 * edit to the participants as stored; 409 when it pairs or separates someone in a team.
 */
export async function assertTeamPartnersKept(
  db: Deps['db'] | Trx,
  dinner: RunningDinnerRow,
  change: (all: Participant[]) => Participant[],
): Promise<void> {
  const all = (await repo.listParticipantRows(db, dinner.id)).map(toParticipant);
  if (teamPartnersChange(all, change(all))) throw teamPartnersFixed();
}
