import type * as v from 'valibot';
import {
  SELF_TEAM_MEMBER_FIELDS,
  type SelfCancellation,
  type SelfDinnerRoute,
  type SelfEventInfo,
  type SelfTeam,
  type SelfTeamMember,
} from '../../../contract/self-teams.js';
import type { changeTeamHostSchema } from '../../../contract/teams.js';
import type { MealRow, ParticipantRow, TeamRow } from '../../../db/schema.js';
import { type DbOrTrx, type Trx, writeTransaction } from '../../../db/transaction.js';
import { fillSubject, fillTemplate } from '../../../domain/messages/placeholders.js';
import { changeHosts } from '../../../domain/teams/operations.js';
import { isRegisteredPair } from '../../../domain/teams/participants.js';
import { seatsToHost } from '../../../domain/teams/seats.js';
import { toldWithNewHost } from '../../../domain/updates/told-facts.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { afterPartyOf, findAfterParty } from '../dinner/after-party.js';
import { listMeals } from '../dinner/dinner.queries.js';
import { assertWritable, readOnlyReason } from '../dinner/dinner-access.js';
import { teamHostUrl } from '../links/links.js';
import { ActivityType, recordActivity } from '../live/activities.service.js';
import { enqueueMail } from '../mail/mail-queue.js';
import { teamHostChangedMail } from '../mail/system-mails/team-mails.js';
import { sendUpdatesToTeams } from '../messages/automatic-updates.js';
import { fullNameOf, toParticipant } from '../participants/participant-row.js';
import { stopsOf, toMeal } from '../teams/dinner-route-stops.js';
import { succeeded } from '../teams/plan-requests.js';
import { loadPlan, type StoredPlan } from '../teams/team-plan.js';
import { recordTold } from '../updates/told.queries.js';
import { loadUpdateState, mailsWent } from '../updates/updates.service.js';
import { type SelfLink, selfLinkInvalid } from './self-link.js';
import * as repo from './self-teams.repo.js';

export type ChangeTeamHost = v.InferOutput<typeof changeTeamHostSchema>;

const SelfTeamMessage = {
  teamCancelled: /*i18n*/ {
    id: 'error.selfTeamCancelled',
    message:
      'Your team was cancelled, so its host can no longer be changed. If something is wrong, please contact the organiser.',
  },
} as const;

/** The team of a personal link: it must be the participant's own team of the same event, else the link is invalid. */
export async function openOwnTeam(db: DbOrTrx, { dinner, participant }: SelfLink, teamId: string): Promise<TeamRow> {
  const team =
    isUuid(teamId) && participant.team_id === teamId ? await repo.findTeam(db, dinner.id, teamId) : undefined;
  if (!team) throw selfLinkInvalid();
  return team;
}

function mealOf(meals: MealRow[], mealId: string): MealRow {
  const meal = meals.find((m) => m.id === mealId);
  if (!meal) throw new Error(`meal of a team is missing`);
  return meal;
}

/** The fields of `source` a personal page may show, and no others. */
export const pickFields = <T, K extends keyof T>(source: T, fields: readonly K[]) =>
  Object.fromEntries(fields.map((field) => [field, source[field]])) as Pick<T, K>;

const toMember = (row: ParticipantRow, selfId: string): SelfTeamMember => ({
  ...pickFields(toParticipant(row), SELF_TEAM_MEMBER_FIELDS),
  isSelf: row.id === selfId,
});

/** What the organiser wrote when cancelling, as the participant got it; null while the event is on. */
export function cancellationOf({ dinner, participant }: SelfLink): SelfCancellation | null {
  if (!dinner.cancelled_at) return null;
  const values = { firstname: participant.firstname_part, lastname: participant.lastname };
  return {
    cancelledAt: dinner.cancelled_at,
    subject: fillSubject(dinner.cancel_subject ?? '', values),
    message: fillTemplate(dinner.cancel_message ?? '', values),
  };
}

const eventInfo = (link: SelfLink, meals: MealRow[]): SelfEventInfo => ({
  title: link.dinner.public_title,
  date: link.dinner.date,
  city: link.dinner.city,
  meals: meals.map(toMeal),
  cancellation: cancellationOf(link),
});

/** The participant's team: members with their contact, the host, the meal it cooks. */
export async function selfTeam(deps: Deps, link: SelfLink, team: TeamRow): Promise<SelfTeam> {
  const { dinner, participant } = link;
  const [meals, members, stored] = await Promise.all([
    listMeals(deps.db, dinner.id),
    repo.listMembersOf(deps.db, dinner.id, [team.id]),
    loadPlan(deps.db, dinner),
  ]);
  const reason = readOnlyReason(dinner, deps.clock.today());
  const registeredTogether = members.some((m) => isRegisteredPair(stored.participants, m.id));
  return {
    ...eventInfo(link, meals),
    teamId: team.id,
    teamNumber: team.team_number,
    status: team.status,
    meal: toMeal(mealOf(meals, team.meal_id)),
    teamMembers: members.map((m) => toMember(m, participant.id)),
    hostTeamMemberId: team.host_participant_id,
    seatsNeeded: seatsToHost(meals.length, dinner.team_size),
    readOnlyReason: reason,
    registeredTogether,
    hostChangeable: reason === null && team.status !== 'CANCELLED' && members.length > 1 && !registeredTogether,
  };
}

const addressOf = (row: ParticipantRow) => `${row.street} ${row.street_nr}, ${row.zip} ${row.city_name}`.trim();

/**
 * The other members are told by mail, and what they knew of their team and route now has the new host; the member who
 * changed it knows without a mail.
 */
async function queueHostChangedMails(
  deps: Deps,
  trx: Trx,
  link: SelfLink,
  team: TeamRow,
  members: ParticipantRow[],
  newHost: ParticipantRow,
  comment: string,
) {
  const { dinner, participant: changer } = link;
  const meal = mealOf(await listMeals(trx, dinner.id), team.meal_id);
  const state = await loadUpdateState(trx, dinner);
  const knows = (participantId: string, messageTaskId: string | null) => ({
    participantId,
    messageTaskId,
    facts: toldWithNewHost(state.told.get(participantId), state.now.get(participantId) ?? { team: null, route: null }),
  });
  const tellings = [knows(changer.id, null)];
  for (const member of members.filter((m) => m.id !== changer.id && m.email !== '')) {
    const mail = teamHostChangedMail({
      language: member.language_code,
      firstname: member.firstname_part,
      changer: fullNameOf(changer),
      recipientHosts: member.id === newHost.id,
      title: dinner.public_title,
      date: dinner.date,
      meal: meal.label,
      mealTime: meal.time,
      address: addressOf(newHost),
      comment,
      teamUrl: teamHostUrl(deps, dinner.self_admin_id, member.id, team.id),
    });
    const taskId = await enqueueMail(deps, trx, {
      runningDinnerId: dinner.id,
      participantId: member.id,
      recipientEmail: member.email,
      language: member.language_code,
      ...mail,
    });
    if (taskId) tellings.push(knows(member.id, taskId));
  }
  await recordTold(trx, dinner.id, tellings, deps.clock.now());
}

/** The organiser's rules of a host change hold for the members too (a pair registered together keeps its host). */
function assertHostChangeAllowed(stored: StoredPlan, team: TeamRow, hostId: string): void {
  succeeded(changeHosts(stored.plan, stored.participants, [{ teamNumber: team.team_number, hostId }]), stored);
}

/**
 * A member moves the hosting of their team to another member (or takes it over); the other members are told by
 * mail with the comment, and the organiser sees it among the activities. Choosing the current host changes
 * nothing and sends nothing.
 */
export async function changeTeamHost(
  deps: Deps,
  link: SelfLink,
  linkedTeam: TeamRow,
  input: ChangeTeamHost,
): Promise<SelfTeam> {
  const { dinner } = link;
  // The body repeats the ids of the path: ids that do not belong together are the same invalid link.
  if (input.teamId !== linkedTeam.id || input.participantId !== link.participant.id) throw selfLinkInvalid();
  const changed = await writeTransaction(deps.db, async (trx) => {
    const team = await openOwnTeam(trx, link, linkedTeam.id);
    const members = await repo.listMembersOf(trx, dinner.id, [team.id]);
    const newHost = members.find((m) => m.id === input.newHostingTeamMemberId);
    if (!newHost || !members.some((m) => m.id === link.participant.id)) throw selfLinkInvalid();
    assertWritable(deps, dinner);
    if (team.status === 'CANCELLED') throw new AppError('team_cancelled', SelfTeamMessage.teamCancelled.id);
    if (team.host_participant_id === newHost.id) return false;
    assertHostChangeAllowed(await loadPlan(trx, dinner), team, newHost.id);
    await repo.setTeamHost(trx, dinner.id, team.id, newHost.id);
    await queueHostChangedMails(deps, trx, link, team, members, newHost, input.comment.trim());
    await recordActivity(deps, trx, dinner.id, ActivityType.teamHostsChanged, 'PARTICIPANT', deps.clock.now(), {
      name: fullNameOf(link.participant),
      teamNumber: team.team_number,
      count: 1,
    });
    return true;
  });
  if (changed && (await mailsWent(deps.db, dinner.id)).routes)
    await sendUpdatesToTeams(deps, dinner, await repo.guestTeamIdsOf(deps.db, dinner.id, linkedTeam.id));
  return selfTeam(deps, link, await openOwnTeam(deps.db, link, linkedTeam.id));
}

/** Everyone eating at a team's home besides the team: their diets, counted, and their notes. */

/** The participant's evening: where the team eats each meal, with whom to call, what to cook for, and the after-party. */
export async function selfDinnerRoute(deps: Deps, link: SelfLink, team: TeamRow): Promise<SelfDinnerRoute> {
  const { dinner } = link;
  const [meals, visits, afterParty] = await Promise.all([
    listMeals(deps.db, dinner.id),
    repo.listVisitsOf(deps.db, dinner.id, team.id),
    findAfterParty(deps.db, dinner.id),
  ]);
  const otherIds = [...new Set(visits.flatMap((v) => [v.host_team_id, v.guest_team_id]))].filter(
    (id) => id !== team.id,
  );
  const [others, members] = await Promise.all([
    repo.listTeamsById(deps.db, dinner.id, otherIds),
    repo.listMembersOf(deps.db, dinner.id, [team.id, ...otherIds]),
  ]);
  return {
    ...eventInfo(link, meals),
    teamNumber: team.team_number,
    teamStatus: team.status,
    teamMemberNames: members.filter((m) => m.team_id === team.id).map(fullNameOf),
    stops: stopsOf(team, visits, others, members, meals),
    afterPartyLocation: afterPartyOf(afterParty),
    tileUrl: deps.config.tileUrl,
  };
}
