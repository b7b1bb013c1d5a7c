import type { Language } from '../../../contract/dinner.js';
import type { DinnerRouteMessage } from '../../../contract/messages.js';
import type { DinnerRouteStop } from '../../../contract/teams.js';
import type { TeamRow } from '../../../db/schema.js';
import { placeLine } from '../../../domain/events/place.js';
import { datePart } from '../../../domain/local-dates.js';
import { mapLink } from '../../../domain/messages/map-link.js';
import { fillSubject, fillTemplate } from '../../../domain/messages/placeholders.js';
import type { Deps } from '../../deps.js';
import { dinnerRouteUrl } from '../links/links.js';
import { formatDate } from '../mail/system-mails/mail-text.js';
import { stopsOf } from '../teams/dinner-route-stops.js';
import { addressOf } from '../updates/dinner-facts.js';
import {
  type ComposedMail,
  factsOf,
  type MailContext,
  mailsToMembers,
  mealTime,
  partnerNames,
  personValues,
  selectedTeams,
} from './messages.compose.js';
import { afterPartyText, dietsText, hostCancelledText, noMobileText } from './messages.texts.js';
import { routeCalendar } from './route-calendar.js';

// The dinner-route mails: each member's evening in meal order, with the evening as a calendar file.

const hostAddress = (stop: DinnerRouteStop) =>
  addressOf({
    street: stop.hostTeam.street,
    street_nr: stop.hostTeam.streetNr,
    zip: stop.hostTeam.zip,
    city_name: stop.hostTeam.cityName,
  });

/** The evening in meal order: the own course written with the self template, each visit with the hosts template. */
export function routeText(
  message: Pick<DinnerRouteMessage, 'selfTemplate' | 'hostsTemplate'>,
  stops: DinnerRouteStop[],
  language: Language,
): string {
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

export function afterPartyLine(context: MailContext, language: Language): string {
  const party = context.afterParty;
  if (!party) return '';
  const place = placeLine(party);
  // After midnight the day is said too: "00:30" alone would read as the dinner's own night.
  const time = party.time.slice(11, 16);
  const when =
    datePart(party.time) === context.dinner.date ? time : `${formatDate(language, datePart(party.time))}, ${time}`;
  return afterPartyText(language, party.title, when, place);
}

export const stopsOfTeam = (context: MailContext, team: TeamRow) =>
  stopsOf(team, context.visits, context.teams, context.participants, context.meals);

/**
 * A member's evening as a calendar file. The events' UIDs are the member's, and each route sent again counts the
 * SEQUENCE up, so a phone's calendar moves the evening it has instead of adding a second.
 */
export function memberCalendar(
  deps: Deps,
  context: MailContext,
  participantId: string,
  stops: DinnerRouteStop[],
  cancelled = false,
) {
  return routeCalendar({
    cancelled,
    dinner: context.dinner,
    participantId,
    sequence: context.routeTellings.get(participantId) ?? 0,
    stops,
    afterParty: context.afterParty,
    domain: new URL(deps.config.publicUrl).hostname,
    timeZone: deps.config.timeZone,
  });
}

export function dinnerRouteMails(
  deps: Deps,
  context: MailContext,
  message: DinnerRouteMessage,
  teams = selectedTeams(context, message),
): ComposedMail[] {
  const { dinner } = context;
  return mailsToMembers(context, teams, (team, members) => {
    const stops = stopsOfTeam(context, team);
    return (member) => {
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
        calendar: memberCalendar(deps, context, member.id, stops),
        told: [{ participantId: member.id, facts: factsOf(context, member.id) }],
      };
    };
  });
}
