import type { Deps } from '../../deps.js';

// Every link the app puts into a mail or an answer, in one place: each starts with PUBLIC_URL, and the secret ids in
// them (admin, acknowledge, self-admin and participant ids) are what opens the page.

type WithPublicUrl = Pick<Deps, 'config'>;

/** The organiser's administration: whoever holds it may change the event. */
export const administrationUrl = (deps: WithPublicUrl, adminId: string) => `${deps.config.publicUrl}/admin/${adminId}`;

/** The organiser confirms their address with it; a demo mails nobody before. */
export const acknowledgeUrl = (deps: WithPublicUrl, adminId: string, acknowledgeId: string) =>
  `${administrationUrl(deps, adminId)}/${acknowledgeId}/acknowledge`;

/** The event's public page, where people register. */
export const publicDinnerUrl = (deps: WithPublicUrl, publicDinnerId: string) =>
  `${deps.config.publicUrl}/running-dinner-events/${publicDinnerId}`;

/** A registration is complete once this link from its mail was opened. */
export const activationUrl = (deps: WithPublicUrl, publicDinnerId: string, participantId: string) =>
  `${publicDinnerUrl(deps, publicDinnerId)}/${participantId}/activate`;

/** Where Stripe sends the payer back to, and where the order's state shows. */
export const paymentPageUrl = (deps: WithPublicUrl, publicDinnerId: string, orderId: string) =>
  `${publicDinnerUrl(deps, publicDinnerId)}/payment/${orderId}`;

/** The participant's personal page: their registration and partner wish, later their team and route. */
export const personalPageUrl = (deps: WithPublicUrl, selfAdminId: string, participantId: string) =>
  `${deps.config.publicUrl}/self/${selfAdminId}/teampartnerwish/${participantId}`;

/** Where a member sees their team and may move the hosting. */
export const teamHostUrl = (deps: WithPublicUrl, selfAdminId: string, participantId: string, teamId: string) =>
  `${deps.config.publicUrl}/self/${selfAdminId}/teamhost/${participantId}/${teamId}`;

/** The dinner-route mail's link: the team's evening on a map. */
export const dinnerRouteUrl = (deps: WithPublicUrl, selfAdminId: string, participantId: string, teamId: string) =>
  `${deps.config.publicUrl}/self/${selfAdminId}/dinnerroute/${participantId}/${teamId}`;

/** The participant list as a CSV file: the organiser's download, e.g. before the event is deleted. */
export const participantsExportUrl = (deps: WithPublicUrl, adminId: string) =>
  `${deps.config.publicUrl}/rest/participantservice/v1/runningdinner/${adminId}/participants/export?format=csv`;

/** What a link of the app opens, told by its path (the shapes above). */
export type LinkKind =
  | 'acknowledge'
  | 'administration'
  | 'activation'
  | 'payment'
  | 'publicDinner'
  | 'personalPage'
  | 'teamHost'
  | 'dinnerRoute'
  | 'participantsExport';

const KIND_OF_PATH: [RegExp, LinkKind][] = [
  [/^\/admin\/[^/]+\/[^/]+\/acknowledge$/, 'acknowledge'],
  [/^\/admin\/[^/]+$/, 'administration'],
  [/^\/running-dinner-events\/[^/]+\/[^/]+\/activate$/, 'activation'],
  [/^\/running-dinner-events\/[^/]+\/payment\/[^/]+$/, 'payment'],
  [/^\/running-dinner-events\/[^/]+$/, 'publicDinner'],
  [/^\/self\/[^/]+\/teampartnerwish\/[^/]+$/, 'personalPage'],
  [/^\/self\/[^/]+\/teamhost\/[^/]+\/[^/]+$/, 'teamHost'],
  [/^\/self\/[^/]+\/dinnerroute\/[^/]+\/[^/]+$/, 'dinnerRoute'],
  [/^\/rest\/participantservice\/v1\/runningdinner\/[^/]+\/participants\/export$/, 'participantsExport'],
];

/** The kind of an app link under `publicUrl`; null for any other link. */
export function linkKindOf(publicUrl: string, url: string): LinkKind | null {
  if (!url.startsWith(`${publicUrl}/`)) return null;
  const path = url.slice(publicUrl.length).split(/[?#]/)[0];
  return KIND_OF_PATH.find(([shape]) => shape.test(path))?.[1] ?? null;
}
