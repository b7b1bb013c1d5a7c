import { createEvents, type EventAttributes } from 'ics';
import type { AfterPartyLocation } from '../../../contract/dinner.js';
import type { DinnerRouteStop } from '../../../contract/teams.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { epochMillisIn } from '../../../domain/local-dates.js';
import { mapLink } from '../../../domain/messages/map-link.js';

interface RouteCalendarInput {
  dinner: Pick<RunningDinnerRow, 'id' | 'public_title' | 'title'>;
  /** Whose evening it is: the events' UIDs are the participant's, whichever team they are in. */
  participantId: string;
  /** How often the evening was sent before: the calendar replaces an event with a lower SEQUENCE. */
  sequence: number;
  stops: DinnerRouteStop[];
  afterParty: AfterPartyLocation | null;
  /** The right-hand side of the events' UIDs: a resent route replaces the one in the calendar. */
  domain: string;
  timeZone: string;
  /** The evening is called off: the same events (same UIDs, a higher SEQUENCE) sent as cancelled. */
  cancelled?: boolean;
}

const MEAL_MINUTES = 90;

const place = (parts: string[]) => parts.filter((part) => part.trim() !== '').join(', ');

type Host = DinnerRouteStop['hostTeam'];

const hostAddress = (host: Host) => place([`${host.street} ${host.streetNr}`, `${host.zip} ${host.cityName}`]);

/** Where to ring: the address with the host's doorbell and floor remarks. */
const hostPlace = (host: Host) =>
  host.addressRemarks.trim() === '' ? hostAddress(host) : `${hostAddress(host)} (${host.addressRemarks.trim()})`;

/** What a guest needs at the door: who hosts, whom to call, and the way there. */
const visitDescription = (host: Host) =>
  [host.hostNames, host.mobileNumber, host.addressRemarks.trim(), mapLink(host, hostAddress(host))]
    .filter((line) => line !== '')
    .join('\n');

/**
 * The evening as an iCalendar file: one event per meal at its host's address, and the after-party. Cancelled, it is
 * a `METHOD:CANCEL` whose events are `STATUS:CANCELLED`: a calendar removes the evening it holds.
 */
export function routeCalendar(input: RouteCalendarInput): string {
  const { dinner, participantId, sequence, stops, afterParty, domain, timeZone, cancelled = false } = input;
  const title = dinner.public_title || dinner.title;
  const events: EventAttributes[] = stops.map((stop, index) => {
    const start = epochMillisIn(timeZone, stop.meal.time);
    const next = stops[index + 1];
    const end = next ? epochMillisIn(timeZone, next.meal.time) : start + MEAL_MINUTES * 60_000;
    const host = stop.hostTeam;
    return {
      uid: `${participantId}-${stop.meal.id}@${domain}`,
      sequence,
      ...(cancelled ? { status: 'CANCELLED' as const } : {}),
      title: `${stop.meal.label} – ${title}`,
      start,
      startInputType: 'utc',
      startOutputType: 'utc',
      end,
      endInputType: 'utc',
      endOutputType: 'utc',
      location: host.status === 'CANCELLED' ? undefined : hostPlace(host),
      description: stop.isOwnTeam || host.status === 'CANCELLED' ? undefined : visitDescription(host),
      ...(host.lat !== null && host.lng !== null && host.status !== 'CANCELLED'
        ? { geo: { lat: host.lat, lon: host.lng } }
        : {}),
    };
  });
  if (afterParty) {
    const start = epochMillisIn(timeZone, afterParty.time);
    events.push({
      uid: `${participantId}-afterparty@${domain}`,
      sequence,
      ...(cancelled ? { status: 'CANCELLED' as const } : {}),
      title: afterParty.title || title,
      start,
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { hours: 3 },
      location: place([
        afterParty.addressName,
        `${afterParty.street} ${afterParty.streetNr}`,
        `${afterParty.zip} ${afterParty.cityName}`,
      ]),
    });
  }
  const { error, value } = createEvents(events, {
    productId: 'running-dinner',
    calName: title,
    method: cancelled ? 'CANCEL' : 'PUBLISH',
  });
  if (error || value === null) throw error ?? new Error('calendar not created');
  return value;
}
