import type { Language } from '../../../contract/dinner.js';
import type { ParticipantMessage, TeamMessage } from '../../../contract/messages.js';
import type { DinnerRouteStop } from '../../../contract/teams.js';
import type { MealRow, ParticipantRow, RunningDinnerRow, TeamRow } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';
import { NO_GUEST_NEEDS } from '../../../domain/messages/guest-needs.js';
import { fillSubject, fillTemplate } from '../../../domain/messages/placeholders.js';
import type { Facts } from '../../../domain/updates/told-facts.js';
import type { Deps } from '../../deps.js';
import { teamHostUrl } from '../links/links.js';
import { fullNameOf } from '../participants/participant-row.js';
import { stopsOf } from '../teams/dinner-route-stops.js';
import { addressOf, type DinnerRows } from '../updates/dinner-facts.js';
import { routeTellingCounts } from '../updates/told.queries.js';
import { loadUpdateState, type UpdateState } from '../updates/updates.service.js';
import { dietsText } from './messages.texts.js';

// Turns an organiser's message into one mail per recipient, exactly as each will read it (preview and send alike).

export interface ComposedMail {
  participantId: string;
  recipientEmail: string;
  /** The recipient's language: the app's own words in the mail are in it. */
  language: Language;
  subject: string;
  text: string;
  /** The evening as an iCalendar file (dinner-route mails). */
  calendar: string | null;
  /** What the mail tells about team and route, per participant it reaches (two of a pair may share an address). */
  told: { participantId: string; facts: Facts }[];
}

/**
 * Everything of a dinner the mails are made of, read once for all recipients: its rows, what each participant was
 * told and what is true now, and how often each was sent their route.
 */
export interface MailContext extends DinnerRows {
  dinner: RunningDinnerRow;
  update: UpdateState;
  routeTellings: Map<string, number>;
}

export async function loadMailContext(db: DbOrTrx, dinner: RunningDinnerRow): Promise<MailContext> {
  const [update, routeTellings] = await Promise.all([loadUpdateState(db, dinner), routeTellingCounts(db, dinner.id)]);
  return { ...update.rows, dinner, update, routeTellings };
}

/** What team and route mails tell a participant now (nothing for someone in no cooking team). */
export const factsOf = (context: MailContext, participantId: string): Facts =>
  context.update.now.get(participantId) ?? { team: null, route: null };

/** Only confirmed participants with an address are mailed. */
const mailableParticipants = (context: MailContext) =>
  context.participants
    .filter((p) => p.activated_at !== null && p.email !== '')
    .sort((a, b) => a.participant_number - b.participant_number);

/** Teams that still cook, in number order: a cancelled team has nobody left to tell. */
const mailableTeams = (context: MailContext) =>
  context.teams.filter((t) => t.status !== 'CANCELLED').sort((a, b) => a.team_number - b.team_number);

export const mealTime = (meal: { time: string }) => meal.time.slice(11, 16);

function membersOf(context: MailContext, team: TeamRow): ParticipantRow[] {
  const members = context.participants.filter((p) => p.team_id === team.id);
  // The host first: the mails of a team go out in the order its members appear on the team card.
  return members.sort(
    (a, b) =>
      Number(b.id === team.host_participant_id) - Number(a.id === team.host_participant_id) ||
      a.participant_number - b.participant_number,
  );
}

export const partnerNames = (members: ParticipantRow[], self: ParticipantRow) =>
  members
    .filter((m) => m.id !== self.id)
    .map(fullNameOf)
    .join(', ');

function mealOf(context: MailContext, team: TeamRow): MealRow {
  const meal = context.meals.find((m) => m.id === team.meal_id);
  if (!meal) throw new Error('meal of a team is missing');
  return meal;
}

/** One mail per address: a fixed pair that shares an address gets one mail, which tells both. */
export function onePerAddress(mails: ComposedMail[]): ComposedMail[] {
  const kept = new Map<string, ComposedMail>();
  for (const mail of mails) {
    const key = mail.recipientEmail.toLowerCase();
    const first = kept.get(key);
    if (first) first.told.push(...mail.told);
    else kept.set(key, { ...mail, told: [...mail.told] });
  }
  return [...kept.values()];
}

/**
 * A mail to each member with an address of each team, one per address in all: `perTeam` reads what the team's
 * mails share, once, and answers the mail of each member.
 */
export function mailsToMembers(
  context: MailContext,
  teams: TeamRow[],
  perTeam: (team: TeamRow, members: ParticipantRow[]) => (member: ParticipantRow) => ComposedMail,
): ComposedMail[] {
  return onePerAddress(
    teams.flatMap((team) => {
      const members = membersOf(context, team);
      return members.filter((m) => m.email !== '').map(perTeam(team, members));
    }),
  );
}

export const personValues = (p: ParticipantRow) => ({ firstname: p.firstname_part, lastname: p.lastname });

function selectedParticipants(context: MailContext, message: ParticipantMessage): ParticipantRow[] {
  const all = mailableParticipants(context);
  switch (message.participantSelection) {
    case 'ALL':
      return all;
    case 'ASSIGNED_TO_TEAM':
      return all.filter((p) => p.team_id !== null);
    case 'NOT_ASSIGNED_TO_TEAM':
      return all.filter((p) => p.team_id === null);
    case 'CUSTOM_SELECTION':
      return all.filter((p) => message.customSelectedParticipantIds.includes(p.id));
  }
}

export function participantMails(
  context: MailContext,
  message: ParticipantMessage,
  recipients = selectedParticipants(context, message),
): ComposedMail[] {
  return onePerAddress(
    recipients.map((p) => ({
      participantId: p.id,
      recipientEmail: p.email,
      language: p.language_code,
      subject: fillSubject(message.subject, personValues(p)),
      text: fillTemplate(message.message, personValues(p)),
      calendar: null,
      told: [],
    })),
  );
}

/** Whom a preview shows: the first recipient the custom ids name, else the first of the selection. */
export function previewParticipant(context: MailContext, message: ParticipantMessage): ParticipantRow[] {
  const named = mailableParticipants(context).find((p) => message.customSelectedParticipantIds.includes(p.id));
  return named ? [named] : selectedParticipants(context, message).slice(0, 1);
}

/** The team a preview shows: the first the custom ids name, else the first of the selection. */
export function previewTeam(
  context: MailContext,
  selection: { teamSelection: 'ALL' | 'CUSTOM_SELECTION'; customSelectedTeamIds: string[] },
): TeamRow[] {
  const named = mailableTeams(context).find((t) => selection.customSelectedTeamIds.includes(t.id));
  return named ? [named] : selectedTeams(context, selection).slice(0, 1);
}

export function selectedTeams(
  context: MailContext,
  selection: { teamSelection: 'ALL' | 'CUSTOM_SELECTION'; customSelectedTeamIds: string[] },
): TeamRow[] {
  const all = mailableTeams(context);
  return selection.teamSelection === 'ALL' ? all : all.filter((t) => selection.customSelectedTeamIds.includes(t.id));
}

/** The diets of a team's guests, for the host's part. */
function guestDietsOf(context: MailContext, team: TeamRow): DinnerRouteStop['mealSpecifics'] {
  const own = stopsOf(team, context.visits, context.teams, context.participants, context.meals).find(
    (stop) => stop.isOwnTeam,
  );
  return own?.mealSpecifics ?? NO_GUEST_NEEDS;
}

export function teamMails(
  deps: Deps,
  context: MailContext,
  message: TeamMessage,
  teams = selectedTeams(context, message),
): ComposedMail[] {
  const { dinner } = context;
  return mailsToMembers(context, teams, (team, members) => {
    const meal = mealOf(context, team);
    const guestDiets = guestDietsOf(context, team);
    const hostMember = members.find((m) => m.id === team.host_participant_id);
    return (member) => {
      const shared = {
        partner: partnerNames(members, member),
        meal: meal.label,
        mealtime: mealTime(meal),
        hostaddress: hostMember ? addressOf(hostMember) : '',
        managehostlink: teamHostUrl(deps, dinner.self_admin_id, member.id, team.id),
      };
      const isHost = member.id === team.host_participant_id;
      const host = isHost
        ? fillTemplate(message.hostMessagePartTemplate, {
            ...shared,
            mealspecifics: dietsText(member.language_code, guestDiets),
          })
        : fillTemplate(message.nonHostMessagePartTemplate, shared);
      const values = { ...personValues(member), ...shared, host };
      return {
        participantId: member.id,
        recipientEmail: member.email,
        language: member.language_code,
        subject: fillSubject(message.subject, values),
        text: fillTemplate(message.message, values),
        calendar: null,
        told: [{ participantId: member.id, facts: { team: factsOf(context, member.id).team, route: null } }],
      };
    };
  });
}
