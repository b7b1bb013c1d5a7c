import type { Language } from '../../../contract/dinner.js';
import type { UpdateMessage } from '../../../contract/messages.js';
import { changeLine } from '../../../contract/updates.messages.js';
import type { ParticipantRow, TeamRow } from '../../../db/schema.js';
import { fillSubject, fillTemplate } from '../../../domain/messages/placeholders.js';
import type { Change } from '../../../domain/updates/told-facts.js';
import type { Deps } from '../../deps.js';
import { translate } from '../../lib/i18n.js';
import { dinnerRouteUrl, teamHostUrl } from '../links/links.js';
import { pendingUpdates } from '../updates/updates.service.js';
import { type ComposedMail, factsOf, type MailContext, onePerAddress, personValues } from './messages.compose.js';
import { defaultTemplates, updateLinkText, updateTeamText } from './messages.texts.js';
import { afterPartyLine, memberCalendar, routeText, stopsOfTeam } from './route-mails.js';

// The update mails: to whom a team or route mail told something that is no longer true, what changed and what is now.

/** Which of the people needing an update a message goes to: those it names, else all (within `teamIds` when given). */
export interface UpdateRecipients {
  participantIds?: readonly string[];
  teamIds?: readonly string[];
}

function recipientsOf(context: MailContext, chosen: UpdateRecipients) {
  return pendingUpdates(context.update)
    .filter((u) => !chosen.participantIds || chosen.participantIds.includes(u.participantId))
    .flatMap((u) => {
      const participant = context.participants.find((p) => p.id === u.participantId);
      const team = context.teams.find((t) => t.id === participant?.team_id);
      if (!participant || !team || (chosen.teamIds && !chosen.teamIds.includes(team.id))) return [];
      return [{ participant, team, changes: u.changes }];
    });
}

const changesText = (language: Language, changes: Change[]) =>
  changes
    .map((change) => {
      const { id, values } = changeLine(change);
      return `- ${translate(language, id, values)}`;
    })
    .join('\n');

function teamText(context: MailContext, participant: ParticipantRow, hosts: boolean): string {
  const team = factsOf(context, participant.id).team;
  if (!team || !context.update.went.teams) return '';
  return updateTeamText(participant.language_code, hosts, {
    meal: team.meal,
    mealtime: team.time,
    partner: team.partner,
    host: team.host,
    hostaddress: team.place,
  });
}

function updateMail(
  deps: Deps,
  context: MailContext,
  message: UpdateMessage,
  participant: ParticipantRow,
  team: TeamRow,
  changes: Change[],
): ComposedMail {
  const { dinner, update } = context;
  const language = participant.language_code;
  const routes = update.went.routes;
  const stops = stopsOfTeam(context, team);
  const link = routes
    ? dinnerRouteUrl(deps, dinner.self_admin_id, participant.id, team.id)
    : teamHostUrl(deps, dinner.self_admin_id, participant.id, team.id);
  const values = {
    ...personValues(participant),
    changes: changesText(language, changes),
    team: teamText(context, participant, team.host_participant_id === participant.id),
    route: routes ? routeText(defaultTemplates(language).DINNER_ROUTE, stops, language) : '',
    afterparty: routes ? afterPartyLine(context, language) : '',
    link: updateLinkText(language, link),
  };
  const now = factsOf(context, participant.id);
  return {
    participantId: participant.id,
    recipientEmail: participant.email,
    language,
    subject: fillSubject(message.subject, values),
    text: fillTemplate(message.message, values),
    calendar: routes ? memberCalendar(deps, context, participant.id, stops) : null,
    told: [
      {
        participantId: participant.id,
        facts: { team: update.went.teams ? now.team : null, route: routes ? now.route : null },
      },
    ],
  };
}

/** One update per person who needs one (of those chosen), in team order. */
export function updateMails(
  deps: Deps,
  context: MailContext,
  message: UpdateMessage,
  chosen: UpdateRecipients = { participantIds: message.participantIds },
): ComposedMail[] {
  return onePerAddress(
    recipientsOf(context, chosen).map(({ participant, team, changes }) =>
      updateMail(deps, context, message, participant, team, changes),
    ),
  );
}

/** The update a preview shows: the first person the message names, else the first who needs one. */
export const previewUpdate = (deps: Deps, context: MailContext, message: UpdateMessage): ComposedMail[] =>
  updateMails(deps, context, message).slice(0, 1);
