import type { WithdrawalResult } from '../../../contract/self.js';
import type { ParticipantRow, RunningDinnerRow } from '../../../db/schema.js';
import { type Trx, writeTransaction } from '../../../db/transaction.js';
import type { Deps } from '../../deps.js';
import { assertWritable } from '../dinner/dinner-access.js';
import { administrationUrl } from '../links/links.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { enqueueMail } from '../mail/mail-queue.js';
import { withdrawalMail } from '../mail/system-mails/withdrawal-mail.js';
import { removeParticipant } from '../participants/participant-removal.service.js';
import { fullNameOf, toParticipant } from '../participants/participant-row.js';
import { findParticipant, markWithdrawn } from '../participants/participants.queries.js';
import { teamsExist } from '../teams/teams.queries.js';
import { type SelfLink, selfLinkInvalid } from './self-link.js';
import * as repo from './self-teams.repo.js';

/** Someone after the teams were made is marked and the organiser told by mail: the teams never change behind the organiser's back. */
async function tellOrganiser(deps: Deps, trx: Trx, dinner: RunningDinnerRow, row: ParticipantRow, note: string) {
  const now = deps.clock.now();
  if (!(await markWithdrawn(trx, dinner.id, row.id, note, now))) return;
  const team = row.team_id === null ? undefined : await repo.findTeam(trx, dinner.id, row.team_id);
  const teamNumber = team?.team_number ?? null;
  await recordActivity(deps, trx, dinner.id, ActivityType.participantWithdrew, 'PARTICIPANT', now, {
    name: fullNameOf(row),
    teamNumber: teamNumber ?? 0,
  });
  const mail = withdrawalMail({
    language: dinner.language_code,
    name: fullNameOf(row),
    teamNumber,
    title: dinner.public_title || dinner.title,
    date: dinner.date,
    note,
    teamsUrl: `${administrationUrl(deps, dinner.admin_id)}/teams`,
  });
  await enqueueMail(deps, trx, {
    runningDinnerId: dinner.id,
    recipientEmail: dinner.email,
    language: dinner.language_code,
    ...mail,
  });
}

/**
 * A participant cannot come. Before the teams are made, their registration and data are deleted at once; after, they
 * are marked and the organiser is told, once, since only the organiser changes the teams (and the waiting list).
 */
export async function withdraw(deps: Deps, link: SelfLink, note: string): Promise<WithdrawalResult> {
  const { dinner } = link;
  assertWritable(deps, dinner);
  return writeTransaction(deps.db, async (trx) => {
    const row = await findParticipant(trx, dinner.id, link.participant.id);
    if (!row) throw selfLinkInvalid();
    if (await teamsExist(trx, dinner.id)) {
      await tellOrganiser(deps, trx, dinner, row, note.trim());
      return { outcome: 'MARKED' };
    }
    const now = deps.clock.now();
    await removeParticipant(deps, trx, dinner.id, toParticipant(row), now);
    await recordActivity(deps, trx, dinner.id, ActivityType.participantUnsubscribed, 'PARTICIPANT', now, {
      name: fullNameOf(row),
    });
    return { outcome: 'DELETED' };
  });
}
