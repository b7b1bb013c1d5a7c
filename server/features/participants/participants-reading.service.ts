import {
  type Participant,
  type ParticipantList,
  type PersonalLink,
  REGISTRATIONS_PAGE_SIZE,
  type RegistrationsPage,
} from '../../../contract/participants.js';
import type { ParticipantRow, RunningDinnerRow } from '../../../db/schema.js';
import { fixedPartnerOf, teamPartnerWishOf } from '../../../domain/participants/team-partner-wish.js';
import { splitWaitingList, waitingListStatus } from '../../../domain/participants/waiting-list.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { listMeals } from '../dinner/dinner.queries.js';
import { personalPageUrl } from '../links/links.js';
import { toParticipant } from './participant-row.js';
import * as repo from './participants.repo.js';

/** One page of the latest registrations; one row more than a page tells whether another page follows. */
export async function registrationsPage(
  deps: Deps,
  dinner: RunningDinnerRow,
  page: number,
): Promise<RegistrationsPage> {
  const rows = await repo.listRegistrations(
    deps.db,
    dinner.id,
    page * REGISTRATIONS_PAGE_SIZE,
    REGISTRATIONS_PAGE_SIZE + 1,
  );
  return {
    registrations: rows.slice(0, REGISTRATIONS_PAGE_SIZE).map((r) => ({
      participantId: r.id,
      firstnamePart: r.firstname_part,
      lastname: r.lastname,
      email: r.email,
      createdAt: r.created_at,
      activated: r.activated_at !== null,
    })),
    page,
    hasMore: rows.length > REGISTRATIONS_PAGE_SIZE,
  };
}

/**
 * Confirmed participants in registration order, split by the waiting-list rule (below the minimum nobody
 * waits), then the unconfirmed ones; each with their partner-wish state among all registered participants.
 */
export async function participantList(deps: Deps, dinner: RunningDinnerRow): Promise<ParticipantList> {
  const [rows, meals] = await Promise.all([
    repo.listParticipantRows(deps.db, dinner.id),
    listMeals(deps.db, dinner.id),
  ]);
  const all = rows.map(toParticipant);
  const item = (p: Participant) => ({ ...p, teamPartnerWish: teamPartnerWishOf(p, all) });
  const confirmed = all.filter((p) => p.activated);
  const byRule = waitingListStatus(confirmed.length, meals.length, dinner.team_size);
  // Once teams exist, they say who takes part: everyone confirmed without a team waits.
  const teamsExist = confirmed.some((p) => p.teamId !== null);
  const { teamMembers, waiting } = teamsExist
    ? { teamMembers: confirmed.filter((p) => p.teamId !== null), waiting: confirmed.filter((p) => p.teamId === null) }
    : splitWaitingList(confirmed, byRule, (p) => fixedPartnerOf(p, all)?.id);
  const waitingList = teamsExist
    ? {
        ...byRule,
        teamMembers: teamMembers.length,
        waiting: waiting.length,
        missingForNextBlock: byRule.blockSize - (waiting.length % byRule.blockSize),
      }
    : byRule;
  return {
    participants: teamMembers.map(item),
    participantsWaitingList: waiting.map(item),
    unconfirmedParticipants: all.filter((p) => !p.activated).map(item),
    waitingList,
  };
}

export async function findParticipantRow(
  deps: Deps,
  dinner: RunningDinnerRow,
  participantId: string,
): Promise<ParticipantRow> {
  const row = isUuid(participantId) ? await repo.findParticipant(deps.db, dinner.id, participantId) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function getParticipant(
  deps: Deps,
  dinner: RunningDinnerRow,
  participantId: string,
): Promise<Participant> {
  return toParticipant(await findParticipantRow(deps, dinner, participantId));
}

/** The participant's personal link, as their mails carry it. */
export async function personalLink(deps: Deps, dinner: RunningDinnerRow, participantId: string): Promise<PersonalLink> {
  const row = await findParticipantRow(deps, dinner, participantId);
  return { url: personalPageUrl(deps, dinner.self_admin_id, row.id) };
}
