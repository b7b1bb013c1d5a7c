import type { AfterPartyLocation } from '@contract/dinner';
import type { SelfDinnerRoute } from '@contract/self-teams';
import { formatTime } from '../../../components/dateFormat';
import type { RoutePoint } from '../../../components/map/RouteMap';
import { AFTER_PARTY_BADGE, type NumberedStop } from './numberedStops';

/**
 * The route's places as numbered map points, and those the map cannot show because their position is unknown.
 * `ownTeamHosts` stands for the hosts in the title of the team's own stop.
 */
export function mapPlaces(route: SelfDinnerRoute, stops: NumberedStop[], ownTeamHosts: string) {
  const open = stops.filter(({ stop }) => stop.hostTeam.status !== 'CANCELLED');
  const located = open.filter(({ stop }) => stop.hostTeam.lat !== null && stop.hostTeam.lng !== null);
  const unlocated = open.filter((s) => !located.includes(s));
  const points: RoutePoint[] = located.map(({ stop, number, badgeClass }) => ({
    key: stop.meal.id,
    label: String(number),
    title: `${number} · ${formatTime(stop.meal.time)} ${stop.meal.label} · ${stop.isOwnTeam ? ownTeamHosts : stop.hostTeam.hostNames}`,
    lat: stop.hostTeam.lat!,
    lng: stop.hostTeam.lng!,
    markerClass: badgeClass,
  }));
  const party = route.afterPartyLocation;
  const partyNumber = stops.length + 1;
  if (party?.geocodingResult) {
    points.push({
      key: 'after-party',
      label: String(partyNumber),
      title: `${partyNumber} · ${formatTime(party.time)} ${party.title}`,
      ...party.geocodingResult,
      markerClass: AFTER_PARTY_BADGE,
    });
  }
  const unlocatedParty: AfterPartyLocation | null = party !== null && !party.geocodingResult ? party : null;
  return { points, unlocated, partyNumber, unlocatedParty };
}
