import type { Language } from '../../../contract/dinner.js';
import { type MessageTemplates, PLACEHOLDERS } from '../../../contract/messages.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { DIETS, type GuestNeeds } from '../../../domain/messages/guest-needs.js';
import { translate } from '../../lib/i18n.js';
import { formatDate } from '../mail/system-mails/mail-text.js';

// The texts of organiser messages: the defaults offered in the compose form and the pieces the placeholders expand to.

const Default = {
  participantSubject: /*i18n*/ { id: 'message.default.participant.subject', message: 'News about the running dinner' },
  participantMessage: /*i18n*/ {
    id: 'message.default.participant.message',
    message: 'Hello {firstname},\n\nwe have news about the running dinner:\n\n…\n\nBest regards',
  },
  teamSubject: /*i18n*/ { id: 'message.default.team.subject', message: 'Your team for the running dinner' },
  teamMessage: /*i18n*/ {
    id: 'message.default.team.message',
    message:
      'Hello {firstname},\n\nthe teams are made: you cook together with {partner}.\n\n{host}\n\nSee you at the dinner!',
  },
  teamHostPart: /*i18n*/ {
    id: 'message.default.team.hostPart',
    message:
      'You cook {meal} at {mealtime} at your place. What your guests need:\n{mealspecifics}\nIf {partner} should host instead, change it here: {managehostlink}',
  },
  teamNonHostPart: /*i18n*/ {
    id: 'message.default.team.nonHostPart',
    message:
      'You cook {meal} at {mealtime} at the home of {partner}: {hostaddress}.\nIf you should host instead, change it here: {managehostlink}',
  },
  routeSubject: /*i18n*/ { id: 'message.default.route.subject', message: 'Your dinner route' },
  routeMessage: /*i18n*/ {
    id: 'message.default.route.message',
    message:
      'Hello {firstname},\n\nhere is your evening with {partner}:\n\n{route}\n\n{afterparty}\n\nYour route on a map: {routelink}\n\nHave a wonderful evening!',
  },
  routeSelf: /*i18n*/ {
    id: 'message.default.route.self',
    message: '{meal} at {mealtime}: you cook at your place, {hostaddress}. What your guests need:\n{mealspecifics}',
  },
  routeHosts: /*i18n*/ {
    id: 'message.default.route.hosts',
    message:
      '{meal} at {mealtime} with {hostnames}\n{hostaddress}\n{addressremarks}\nPhone: {mobilenumber}\nMap: {maplink}',
  },
  updateSubject: /*i18n*/ { id: 'message.default.update.subject', message: 'Changes to your running dinner' },
  updateMessage: /*i18n*/ {
    id: 'message.default.update.message',
    message:
      'Hello {firstname},\n\nsince our last mail, something changed for you:\n\n{changes}\n\n{team}\n\n{route}\n\n{afterparty}\n\n{link}\n\nSee you at the dinner!',
  },
} as const;

const Piece = {
  hostCancelled: /*i18n*/ {
    id: 'message.route.hostCancelled',
    message: '{meal} at {mealtime}: this host team cancelled; the organiser will tell you where to go.',
  },
  afterParty: /*i18n*/ { id: 'message.route.afterParty', message: 'Afterwards: {title} at {time}, {address}' },
  noDiets: /*i18n*/ { id: 'message.diets.none', message: 'no special diets' },
  vegetarian: /*i18n*/ { id: 'message.diets.vegetarian', message: '{count} vegetarian' },
  vegan: /*i18n*/ { id: 'message.diets.vegan', message: '{count} vegan' },
  lactose: /*i18n*/ { id: 'message.diets.lactose', message: '{count} lactose-free' },
  gluten: /*i18n*/ { id: 'message.diets.gluten', message: '{count} gluten-free' },
  noMobile: /*i18n*/ { id: 'message.route.noMobile', message: 'none given' },
  updateTeam: /*i18n*/ {
    id: 'message.update.team',
    message: 'Your team: you cook {meal} at {mealtime} with {partner}, at the home of {host}: {hostaddress}.',
  },
  updateTeamAtHome: /*i18n*/ {
    id: 'message.update.teamAtHome',
    message: 'Your team: you cook {meal} at {mealtime} with {partner}, at your place: {hostaddress}.',
  },
  updateLink: /*i18n*/ { id: 'message.update.link', message: 'Everything on your page: {link}' },
  footer: /*i18n*/ {
    id: 'message.footer',
    message:
      '--\nSent by the organiser of the running dinner "{title}" on {date} in {city}, because you take part in it. Questions? Answer this mail or write to {contact}.',
  },
} as const;

/** Every placeholder, each standing for itself: the catalog's ICU syntax must leave the organiser's placeholders alone. */
const LITERAL_PLACEHOLDERS = Object.fromEntries(
  [...new Set(Object.values(PLACEHOLDERS).flat())].map((name) => [name, `{${name}}`]),
);

const template = (language: Language, id: string) => translate(language, id, LITERAL_PLACEHOLDERS);

export function defaultTemplates(language: Language): MessageTemplates {
  const t = (id: string) => template(language, id);
  return {
    PARTICIPANT: { subject: t(Default.participantSubject.id), message: t(Default.participantMessage.id) },
    TEAM: {
      subject: t(Default.teamSubject.id),
      message: t(Default.teamMessage.id),
      hostMessagePartTemplate: t(Default.teamHostPart.id),
      nonHostMessagePartTemplate: t(Default.teamNonHostPart.id),
    },
    DINNER_ROUTE: {
      subject: t(Default.routeSubject.id),
      message: t(Default.routeMessage.id),
      selfTemplate: t(Default.routeSelf.id),
      hostsTemplate: t(Default.routeHosts.id),
    },
    UPDATE: { subject: t(Default.updateSubject.id), message: t(Default.updateMessage.id) },
  };
}

/**
 * What the host cooks for, one line per guest team with a need ("Anna Schmidt, Ben Roth: 2 vegetarian, 1 lactose-free")
 * and one per note ("Anna Schmidt: no nuts"), or that there is nothing to mind.
 */
export function dietsText(language: Language, needs: GuestNeeds): string {
  const teams = needs.guests.map((team) => {
    const counts = DIETS.filter((diet) => team[diet] > 0).map((diet) =>
      translate(language, Piece[diet].id, { count: team[diet] }),
    );
    return `${team.names}: ${counts.join(', ')}`;
  });
  const notes = needs.notes.map(({ names, note }) => `${names}: ${note}`);
  const lines = [...teams, ...notes];
  return lines.length === 0 ? translate(language, Piece.noDiets.id) : lines.join('\n');
}

export const hostCancelledText = (language: Language, meal: string, mealtime: string) =>
  translate(language, Piece.hostCancelled.id, { meal, mealtime });

export const afterPartyText = (language: Language, title: string, time: string, address: string) =>
  translate(language, Piece.afterParty.id, { title, time, address });

export const noMobileText = (language: Language) => translate(language, Piece.noMobile.id);

/** The own team in one sentence; `atHome`: the reader hosts. */
export const updateTeamText = (
  language: Language,
  atHome: boolean,
  values: { meal: string; mealtime: string; partner: string; host: string; hostaddress: string },
) => translate(language, (atHome ? Piece.updateTeamAtHome : Piece.updateTeam).id, values);

export const updateLinkText = (language: Language, link: string) => translate(language, Piece.updateLink.id, { link });

type FooterDinner = Pick<
  RunningDinnerRow,
  'language_code' | 'public_title' | 'date' | 'city' | 'public_contact_name' | 'public_contact_email' | 'email'
>;

/** Whom to ask: the event's public contact, else its organiser's address. */
const contactOf = (dinner: FooterDinner) =>
  dinner.public_contact_email
    ? [dinner.public_contact_name, `<${dinner.public_contact_email}>`].filter((part) => part !== '').join(' ')
    : dinner.email;

/**
 * The organiser's messages end with whose they are, why the reader gets them and whom to ask, in the reader's
 * language: also a text edited for a resend, so that no mail of the app carries only somebody's words.
 */
export function withFooter(dinner: FooterDinner, text: string): string {
  const footer = translate(dinner.language_code, Piece.footer.id, {
    title: dinner.public_title,
    date: formatDate(dinner.language_code, dinner.date),
    city: dinner.city,
    contact: contactOf(dinner),
  });
  return text.endsWith(footer) ? text : `${text}\n\n${footer}`;
}
