import type { Change } from '../domain/updates/told-facts.js';

// Isomorphic: one line per change, as the update mail and the organiser's list of updates both say it.

export const UpdateMessage = {
  partnerNew: /*i18n*/ { id: 'update.partner.new', message: 'Your team partner: {after}' },
  partner: /*i18n*/ { id: 'update.partner', message: 'Your team partner is now {after} instead of {before}' },
  mealNew: /*i18n*/ { id: 'update.meal.new', message: 'Your team cooks {after}' },
  meal: /*i18n*/ { id: 'update.meal', message: 'Your team now cooks {after} instead of {before}' },
  hostNew: /*i18n*/ { id: 'update.host.new', message: '{after} hosts your team' },
  host: /*i18n*/ { id: 'update.host', message: '{after} now hosts your team instead of {before}' },
  timeNew: /*i18n*/ { id: 'update.time.new', message: '{meal} at {after}' },
  time: /*i18n*/ { id: 'update.time', message: '{meal} now at {after} instead of {before}' },
  placeNew: /*i18n*/ { id: 'update.place.new', message: '{meal} at {after}' },
  place: /*i18n*/ { id: 'update.place', message: '{meal} now at {after} instead of {before}' },
  hostsNew: /*i18n*/ { id: 'update.hosts.new', message: '{meal} with {after}' },
  hosts: /*i18n*/ { id: 'update.hosts', message: '{meal} now with {after} instead of {before}' },
  cancelled: /*i18n*/ {
    id: 'update.cancelled',
    message: '{meal}: the host team cancelled; the organiser will tell you where to go',
  },
  afterPartyNew: /*i18n*/ { id: 'update.afterParty.new', message: 'After-party: {after}' },
  afterParty: /*i18n*/ { id: 'update.afterParty', message: 'After-party now: {after} (instead of {before})' },
  afterPartyGone: /*i18n*/ {
    id: 'update.afterParty.gone',
    message: 'The after-party ({before}) no longer takes place',
  },
} as const;

const LINES = {
  PARTNER: ['partnerNew', 'partner'],
  MEAL: ['mealNew', 'meal'],
  HOST: ['hostNew', 'host'],
  TIME: ['timeNew', 'time'],
  PLACE: ['placeNew', 'place'],
  HOSTS: ['hostsNew', 'hosts'],
  CANCELLED: ['cancelled', 'cancelled'],
  AFTER_PARTY: ['afterPartyNew', 'afterParty'],
} as const;

/** The catalog id and values that say one change: what is new says only what is, a change also what was. */
export function changeLine(change: Change): { id: string; values: Record<string, string> } {
  const values = { meal: change.meal ?? '', before: change.before, after: change.after };
  if (change.kind === 'AFTER_PARTY' && change.after === '') return { id: UpdateMessage.afterPartyGone.id, values };
  const [fresh, changed] = LINES[change.kind];
  return { id: UpdateMessage[change.before === '' ? fresh : changed].id, values };
}
