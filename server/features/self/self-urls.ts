import type { Deps } from '../../deps.js';

// The addresses of a participant's personal pages, for mails and for the organiser (no imports of other features:
// the participants feature reads them too).

/** The participant's personal page: their registration and partner wish, later their team and route. */
export const personalPageUrl = (deps: Deps, selfAdminId: string, participantId: string) => `${deps.config.publicUrl}/self/${selfAdminId}/teampartnerwish/${participantId}`;

/** Where a member sees their team and may move the hosting. */
export const teamHostUrl = (deps: Deps, selfAdminId: string, participantId: string, teamId: string) =>
  `${deps.config.publicUrl}/self/${selfAdminId}/teamhost/${participantId}/${teamId}`;

/** The dinner-route mail's link: the team's evening on a map. */
export const dinnerRouteUrl = (deps: Deps, selfAdminId: string, participantId: string, teamId: string) =>
  `${deps.config.publicUrl}/self/${selfAdminId}/dinnerroute/${participantId}/${teamId}`;
