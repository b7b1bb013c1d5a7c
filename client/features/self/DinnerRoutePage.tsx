import type { AfterPartyLocation } from '@contract/dinner';
import type { SelfDinnerRoute } from '@contract/self-teams';
import type { DinnerRouteStop } from '@contract/teams';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useParams } from 'wouter';
import { formatTime } from '../../components/dateFormat';
import type { RoutePoint } from '../../components/map/RouteMap';
import { type MealKind, mealDotClass, mealKind } from '../../components/mealColours';
import { Skeleton } from '../../components/Skeleton';
import { usePageTitle } from '../landing/LandingLayout';
import { AddressLines, useLongDate } from '../registration/EventInfo';
import { BackToPersonalPage, PhoneLink, SelfData, selfCardClass } from './SelfPage';

// Leaflet is big: only this page loads it, and only once the route is there.
const RouteMap = lazy(() => import('../../components/map/RouteMap'));

// Literal class names so tailwind finds them; dark text on the light appetizer colour keeps AA contrast.
const badgeTextClass: Record<MealKind, string> = {
  APPETIZER: 'text-gray-900',
  MAIN_COURSE: 'text-white',
  DESSERT: 'text-white',
};
const AFTER_PARTY_BADGE = 'bg-gray-800 text-white';

/** A stop as the page numbers and colours it. */
interface NumberedStop {
  stop: DinnerRouteStop;
  number: number;
  badgeClass: string;
}

function numberStops(route: SelfDinnerRoute): NumberedStop[] {
  return route.stops.map((stop, i) => {
    const kind = mealKind(route.meals.findIndex((m) => m.id === stop.meal.id));
    return { stop, number: i + 1, badgeClass: `${mealDotClass[kind]} ${badgeTextClass[kind]}` };
  });
}

function Badge({ number, className }: { number: number; className: string }) {
  return (
    <span className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${className}`}>
      {number}
    </span>
  );
}

/** One entry of the timeline: the number in its colour, then time, heading and details. */
function TimelineItem({
  number,
  badgeClass,
  time,
  heading,
  children,
  testId,
  own = false,
}: {
  number: number;
  badgeClass: string;
  time: string;
  heading: ReactNode;
  children: ReactNode;
  testId: string;
  own?: boolean;
}) {
  return (
    <li className="group relative flex gap-4 pb-8 last:pb-0" data-testid={testId} data-own={own || undefined}>
      <span aria-hidden="true" className="absolute top-9 bottom-1 left-4 w-px bg-gray-200 group-last:hidden" />
      <Badge number={number} className={badgeClass} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <time className="text-lg font-bold tabular-nums text-gray-900">{time}</time>
          <span className="font-semibold text-gray-900">{heading}</span>
        </p>
        <div className="mt-1 space-y-2 text-sm leading-relaxed text-gray-700">{children}</div>
      </div>
    </li>
  );
}

/** What the team cooks for: its guests' diets, counted, and their notes. */
function Diets({ specifics }: { specifics: DinnerRouteStop['mealSpecifics'] }) {
  const counts: [ReactNode, number][] = [
    [<Trans key="vegetarian">Vegetarian</Trans>, specifics.vegetarian],
    [<Trans key="vegan">Vegan</Trans>, specifics.vegan],
    [<Trans key="lactose">Lactose-free</Trans>, specifics.lactose],
    [<Trans key="gluten">Gluten-free</Trans>, specifics.gluten],
  ];
  const needed = counts.filter(([, count]) => count > 0);
  return (
    <div className="rounded-lg border border-primary-100 bg-primary-50 p-3 text-gray-900" data-testid="route-diets">
      <p className="font-semibold">
        <Trans>Cook for your guests</Trans>
      </p>
      {needed.length === 0 && specifics.notes.length === 0 ? (
        <p>
          <Trans>Your guests have no special diets.</Trans>
        </p>
      ) : (
        <>
          {needed.length > 0 && (
            <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {needed.map(([label, count], i) => (
                <div key={i} className="flex gap-1">
                  <dt>{label}:</dt>
                  <dd className="font-semibold tabular-nums">{count}</dd>
                </div>
              ))}
            </dl>
          )}
          {specifics.notes.length > 0 && (
            <ul className="mt-2 list-disc space-y-0.5 pl-5">
              {specifics.notes.map((note, i) => (
                <li key={i} className="break-words">
                  {note}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function StopItem({ numbered }: { numbered: NumberedStop }) {
  const { stop, number, badgeClass } = numbered;
  const host = stop.hostTeam;
  const teamNumber = host.teamNumber;
  const meal = stop.meal.label;
  const cancelled = host.status === 'CANCELLED';
  return (
    <TimelineItem
      number={number}
      badgeClass={badgeClass}
      time={formatTime(stop.meal.time)}
      heading={meal}
      testId="route-stop"
      own={stop.isOwnTeam}
    >
      <p className="font-medium text-gray-900">
        {stop.isOwnTeam ? <Trans>Your team hosts</Trans> : <Trans>Guests of team {teamNumber}</Trans>}
      </p>
      {!stop.isOwnTeam && host.hostNames && <p className="break-words">{host.hostNames}</p>}
      {cancelled ? (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
          data-testid="route-host-cancelled"
        >
          <Trans>This team has cancelled. The organiser will tell you where you eat instead.</Trans>
        </p>
      ) : (
        <>
          <p className="break-words">
            <AddressLines address={host} />
            {host.addressRemarks && <span className="block text-gray-600">{host.addressRemarks}</span>}
          </p>
          {!stop.isOwnTeam && host.mobileNumber && (
            <p>
              <Trans>Phone:</Trans> <PhoneLink number={host.mobileNumber} />
            </p>
          )}
        </>
      )}
      {stop.isOwnTeam && <Diets specifics={stop.mealSpecifics} />}
    </TimelineItem>
  );
}

function AfterPartyItem({ location, number }: { location: AfterPartyLocation; number: number }) {
  const title = location.title;
  return (
    <TimelineItem
      number={number}
      badgeClass={AFTER_PARTY_BADGE}
      time={formatTime(location.time)}
      heading={<Trans>After-party: {title}</Trans>}
      testId="route-after-party"
    >
      <p className="break-words">
        {location.addressName && <span className="block font-medium text-gray-900">{location.addressName}</span>}
        <AddressLines address={location} />
        {location.addressRemarks && <span className="block text-gray-600">{location.addressRemarks}</span>}
      </p>
    </TimelineItem>
  );
}

/** The map with every place whose position is known; the places without one are named below it. */
function RouteMapSection({ route, stops }: { route: SelfDinnerRoute; stops: NumberedStop[] }) {
  const { t } = useLingui();
  const [tilesFailed, setTilesFailed] = useState(false);
  const onTilesFailed = useCallback(() => setTilesFailed(true), []);
  const open = stops.filter(({ stop }) => stop.hostTeam.status !== 'CANCELLED');
  const located = open.filter(({ stop }) => stop.hostTeam.lat !== null && stop.hostTeam.lng !== null);
  const unlocated = open.filter((s) => !located.includes(s));
  const points: RoutePoint[] = located.map(({ stop, number, badgeClass }) => ({
    key: stop.meal.id,
    label: String(number),
    title: `${number} · ${formatTime(stop.meal.time)} ${stop.meal.label} · ${stop.isOwnTeam ? t`your team hosts` : stop.hostTeam.hostNames}`,
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
  const partyUnlocated = party !== null && !party.geocodingResult;
  const attribution = `&copy; <a href="https://www.openstreetmap.org/copyright" rel="noreferrer" target="_blank">${t`OpenStreetMap contributors`}</a>`;
  return (
    <section className={selfCardClass} aria-labelledby="route-map-heading" data-testid="route-map">
      <h2 id="route-map-heading" className="text-lg font-semibold text-gray-900">
        <Trans>Map</Trans>
      </h2>
      {points.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700" data-testid="route-map-empty">
          <Trans>
            The positions of the addresses are not known, so there is no map. The addresses above are all you need.
          </Trans>
        </p>
      ) : (
        <div className="mt-3">
          <Suspense fallback={<Skeleton className="h-72 w-full rounded-lg sm:h-96" />}>
            <RouteMap
              points={points}
              tileUrl={route.tileUrl}
              attribution={attribution}
              label={t`Map of your route`}
              onTilesFailed={onTilesFailed}
            />
          </Suspense>
        </div>
      )}
      {tilesFailed && (
        <p className="mt-3 text-sm text-gray-700" role="status" data-testid="route-tiles-failed">
          <Trans>
            The map background could not be loaded. The numbers still show where you go, and every address is listed
            above.
          </Trans>
        </p>
      )}
      {(unlocated.length > 0 || (points.length > 0 && partyUnlocated)) && (
        <div className="mt-3 text-sm text-gray-700" data-testid="route-not-on-map">
          <p>
            <Trans>Not on the map, because the position of the address is unknown:</Trans>
          </p>
          <ul className="mt-1 list-disc pl-5">
            {unlocated.map(({ stop, number }) => (
              <li key={stop.meal.id}>
                {number} · {stop.meal.label}: {stop.hostTeam.street} {stop.hostTeam.streetNr}, {stop.hostTeam.zip}{' '}
                {stop.hostTeam.cityName}
              </li>
            ))}
            {partyUnlocated && points.length > 0 && (
              <li>
                {partyNumber} · {party.title}: {party.street} {party.streetNr}, {party.zip} {party.cityName}
              </li>
            )}
          </ul>
        </div>
      )}
    </section>
  );
}

function RouteView({ route }: { route: SelfDinnerRoute }) {
  const longDate = useLongDate();
  const stops = numberStops(route);
  const teamNumber = route.teamNumber;
  const names = route.teamMemberNames.join(', ');
  const incomplete = route.stops.length < route.meals.length;
  return (
    <div className="space-y-6" data-testid="self-route-page">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
          <Trans>Your dinner route</Trans>
        </h1>
        <p className="mt-2 break-words text-gray-700">
          <Trans>
            Team {teamNumber}: {names}
          </Trans>
        </p>
        <p className="mt-1 text-sm font-semibold text-primary-700">
          {longDate(route.date)} · <span className="break-words">{route.title}</span>
        </p>
      </div>
      {route.teamStatus === 'CANCELLED' && (
        <p
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          data-testid="route-team-cancelled"
        >
          <Trans>Your team was cancelled. If something is wrong, please contact the organiser.</Trans>
        </p>
      )}
      <section className={selfCardClass} aria-labelledby="route-timeline-heading">
        <h2 id="route-timeline-heading" className="text-lg font-semibold text-gray-900">
          <Trans>Your evening</Trans>
        </h2>
        {incomplete && (
          <p
            className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            data-testid="route-incomplete"
          >
            <Trans>Your route is not complete yet: the organiser is still planning it. Please look again later.</Trans>
          </p>
        )}
        <ol className="mt-5">
          {stops.map((numbered) => (
            <StopItem key={numbered.stop.meal.id} numbered={numbered} />
          ))}
          {route.afterPartyLocation && <AfterPartyItem location={route.afterPartyLocation} number={stops.length + 1} />}
        </ol>
      </section>
      <RouteMapSection route={route} stops={stops} />
    </div>
  );
}

/** /self/{selfAdminId}/dinnerroute/{participantId}/{teamId}: the dinner-route mail's link. */
export function DinnerRoutePage() {
  const { t } = useLingui();
  usePageTitle(t`Your dinner route`);
  const {
    selfAdminId = '',
    participantId = '',
    teamId = '',
  } = useParams<{ selfAdminId: string; participantId: string; teamId: string }>();
  return (
    <>
      <BackToPersonalPage />
      <SelfData<SelfDinnerRoute>
        path={`/self/v1/${selfAdminId}/${participantId}/${teamId}/dinnerroute`}
        loadingLabel={t`Loading your dinner route…`}
      >
        {(route) => <RouteView route={route} />}
      </SelfData>
    </>
  );
}
