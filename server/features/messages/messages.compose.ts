import type { AfterPartyLocation, Language } from '../../../contract/dinner.js';
import type { DinnerRouteMessage, ParticipantMessage, TeamMessage } from '../../../contract/messages.js';
import type { DinnerRouteStop } from '../../../contract/teams.js';
import type { MealRow, ParticipantRow, RunningDinnerRow, TeamRow } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';
import { datePart } from '../../../domain/local-dates.js';
import { NO_GUEST_NEEDS } from '../../../domain/messages/guest-needs.js';
import { mapLink } from '../../../domain/messages/map-link.js';
import { fillSubject, fillTemplate } from '../../../domain/messages/placeholders.js';
import type { Deps } from '../../deps.js';
import { afterPartyOf, findAfterParty } from '../dinner/after-party.js';
import { listMeals } from '../dinner/dinner.queries.js';
import { dinnerRouteUrl, teamHostUrl } from '../links/links.js';
import { formatDate } from '../mail/system-mails/mail-text.js';
import { fullNameOf } from '../participants/participant-row.js';
import { listParticipantRows } from '../participants/participants.queries.js';
import { stopsOf, type Visit } from '../teams/dinner-route-stops.js';
import { listTeamRows, listVisitRows } from '../teams/teams.queries.js';
import { afterPartyText, dietsText, hostCancelledText, noMobileText } from './messages.texts.js';
import { routeCalendar } from './route-calendar.js';

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
}

/** Everything of a dinner the mails are made of, read once for all recipients. */
export interface MailContext {
  dinner: RunningDinnerRow;
  participants: ParticipantRow[];
  teams: TeamRow[];
  visits: Visit[];
  meals: MealRow[];
  afterParty: AfterPartyLocation | null;
}

export async function loadMailContext(db: DbOrTrx, dinner: RunningDinnerRow): Promise<MailContext> {
  const [participants, teams, visits, meals, afterParty] = await Promise.all([
    listParticipantRows(db, dinner.id),
    listTeamRows(db, dinner.id),
    listVisitRows(db, dinner.id),
    listMeals(db, dinner.id),
    findAfterParty(db, dinner.id),
  ]);
  return { dinner, participants, teams, visits, meals, afterParty: afterPartyOf(afterParty) };
}

/** Only confirmed participants with an address are mailed. */
const mailableParticipants = (context: MailContext) =>
  context.participants
    .filter((p) => p.activated_at !== null && p.email !== '')
    .sort((a, b) => a.participant_number - b.participant_number);

/** Teams that still cook, in number order: a cancelled team has nobody left to tell. */
const mailableTeams = (context: MailContext) =>
  context.teams.filter((t) => t.status !== 'CANCELLED').sort((a, b) => a.team_number - b.team_number);

const mealTime = (meal: { time: string }) => meal.time.slice(11, 16);
const address = (p: Pick<ParticipantRow, 'street' | 'street_nr' | 'zip' | 'city_name'>) =>
  `${p.street} ${p.street_nr}, ${p.zip} ${p.city_name}`.trim();

function membersOf(context: MailContext, team: TeamRow): ParticipantRow[] {
  const members = context.participants.filter((p) => p.team_id === team.id);
  // The host first: the mails of a team go out in the order its members appear on the team card.
  return members.sort(
    (a, b) =>
      Number(b.id === team.host_participant_id) - Number(a.id === team.host_participant_id) ||
      a.participant_number - b.participant_number,
  );
}

const partnerNames = (members: ParticipantRow[], self: ParticipantRow) =>
  members
    .filter((m) => m.id !== self.id)
    .map(fullNameOf)
    .join(', ');

function mealOf(context: MailContext, team: TeamRow): MealRow {
  const meal = context.meals.find((m) => m.id === team.meal_id);
  if (!meal) throw new Error('meal of a team is missing');
  return meal;
}

/** One mail per address: a fixed pair that shares an address gets one mail. */
function onePerAddress(mails: ComposedMail[]): ComposedMail[] {
  const seen = new Set<string>();
  return mails.filter((mail) => {
    const key = mail.recipientEmail.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const personValues = (p: ParticipantRow) => ({ firstname: p.firstname_part, lastname: p.lastname });

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

function selectedTeams(
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
  return onePerAddress(
    teams.flatMap((team) => {
      const members = membersOf(context, team);
      const meal = mealOf(context, team);
      const guestDiets = guestDietsOf(context, team);
      const hostMember = members.find((m) => m.id === team.host_participant_id);
      return members
        .filter((m) => m.email !== '')
        .map((member) => {
          const shared = {
            partner: partnerNames(members, member),
            meal: meal.label,
            mealtime: mealTime(meal),
            hostaddress: hostMember ? address(hostMember) : '',
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
          };
        });
    }),
  );
}

const hostAddress = (stop: DinnerRouteStop) =>
  address({
    street: stop.hostTeam.street,
    street_nr: stop.hostTeam.streetNr,
    zip: stop.hostTeam.zip,
    city_name: stop.hostTeam.cityName,
  });

/** The evening in meal order: the own course written with the self template, each visit with the hosts template. */
function routeText(message: DinnerRouteMessage, stops: DinnerRouteStop[], language: Language): string {
  return stops
    .map((stop) => {
      const meal = { meal: stop.meal.label, mealtime: mealTime(stop.meal) };
      if (stop.isOwnTeam)
        return fillTemplate(message.selfTemplate, {
          ...meal,
          hostaddress: hostAddress(stop),
          mealspecifics: dietsText(language, stop.mealSpecifics),
        });
      if (stop.hostTeam.status === 'CANCELLED') return hostCancelledText(language, meal.meal, meal.mealtime);
      return fillTemplate(message.hostsTemplate, {
        ...meal,
        hostnames: stop.hostTeam.hostNames,
        hostaddress: hostAddress(stop),
        addressremarks: stop.hostTeam.addressRemarks,
        mobilenumber: stop.hostTeam.mobileNumber || noMobileText(language),
        maplink: mapLink(stop.hostTeam, hostAddress(stop)),
      });
    })
    .join('\n\n');
}

function afterPartyLine(context: MailContext, language: Language): string {
  const party = context.afterParty;
  if (!party) return '';
  const place = [party.addressName, `${party.street} ${party.streetNr}`.trim(), `${party.zip} ${party.cityName}`.trim()]
    .filter((part) => part !== '')
    .join(', ');
  // After midnight the day is said too: "00:30" alone would read as the dinner's own night.
  const time = party.time.slice(11, 16);
  const when =
    datePart(party.time) === context.dinner.date ? time : `${formatDate(language, datePart(party.time))}, ${time}`;
  return afterPartyText(language, party.title, when, place);
}

export function dinnerRouteMails(
  deps: Deps,
  context: MailContext,
  message: DinnerRouteMessage,
  teams = selectedTeams(context, message),
): ComposedMail[] {
  const { dinner } = context;
  return onePerAddress(
    teams.flatMap((team) => {
      const members = membersOf(context, team);
      const stops = stopsOf(team, context.visits, context.teams, context.participants, context.meals);
      const calendar = routeCalendar({
        dinner,
        team,
        stops,
        afterParty: context.afterParty,
        domain: new URL(deps.config.publicUrl).hostname,
        timeZone: deps.config.timeZone,
      });
      return members
        .filter((m) => m.email !== '')
        .map((member) => {
          const language = member.language_code;
          const values = {
            ...personValues(member),
            partner: partnerNames(members, member),
            route: routeText(message, stops, language),
            routelink: dinnerRouteUrl(deps, dinner.self_admin_id, member.id, team.id),
            afterparty: afterPartyLine(context, language),
          };
          return {
            participantId: member.id,
            recipientEmail: member.email,
            language,
            subject: fillSubject(message.subject, values),
            text: fillTemplate(message.message, values),
            calendar,
          };
        });
    }),
  );
}
