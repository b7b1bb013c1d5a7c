import type { Meal } from '@contract/dinner';
import type { DinnerRoutesResponse, DinnerRouteTeam, NearbyHostPair, RouteDistance } from '@contract/dinner-routes';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { SelectField, SwitchField } from '../../components/form';
import { RetryLine } from '../../components/RetryLine';
import { SkeletonLines } from '../../components/Skeleton';
import {
  ALL_MEALS,
  afterPartyShown,
  type CockpitSettings,
  isLocated,
  mealFilterOptions,
  withAfterPartyExcluded,
} from './cockpitModel';
import { useNearbyHosts, useRouteDistances } from './hooks';
import { addressLine, Distance, TeamHeading } from './routeBits';

const cardClass = 'rounded-xl border border-gray-200 bg-white p-4 shadow-sm';

/** The map's settings: which ways, paths on or off, colours by meal or by cluster, the after-party. */
export function CockpitSettingsCard({
  data,
  settings,
  onChange,
}: {
  data: DinnerRoutesResponse;
  settings: CockpitSettings;
  onChange: (settings: CockpitSettings) => void;
}) {
  const { t } = useLingui();
  const party = data.afterPartyLocation;
  const options = mealFilterOptions(data.meals.length, afterPartyShown(party, settings));
  const afterParty = t`After-party`;
  const choices = [
    { value: ALL_MEALS, label: t`All meals` },
    ...options.map((o) => ({
      value: o.id,
      label: `${data.meals[o.fromMeal].label} → ${o.toMeal === null ? afterParty : data.meals[o.toMeal].label}`,
    })),
  ];
  const partyTitle = party?.title ?? '';
  return (
    <section className={`${cardClass} space-y-4`} aria-label={t`Map settings`} data-testid="routes-settings">
      <div data-testid="ways-filter">
        <SelectField
          name="mealFilter"
          label={<Trans>Ways shown</Trans>}
          value={settings.mealFilter}
          onChange={(mealFilter) => onChange({ ...settings, mealFilter })}
          options={choices}
        />
      </div>
      <div data-testid="switch-paths">
        <SwitchField
          name="showPaths"
          label={<Trans>Team connection paths</Trans>}
          checked={settings.showPaths}
          onChange={(showPaths) => onChange({ ...settings, showPaths })}
        />
      </div>
      <div data-testid="switch-clusters">
        <SwitchField
          name="showClusters"
          label={<Trans>Colour by cluster</Trans>}
          description={<Trans>Teams that meet, directly or through others, share a colour.</Trans>}
          checked={settings.showClusters}
          onChange={(showClusters) => onChange({ ...settings, showClusters })}
        />
      </div>
      {party && (
        <div data-testid="switch-after-party">
          <SwitchField
            name="excludeAfterParty"
            label={<Trans>Exclude the after-party</Trans>}
            description={isLocated(party) ? partyTitle : <Trans>{partyTitle}: its position is not known yet</Trans>}
            checked={settings.excludeAfterParty}
            onChange={(exclude) => onChange(withAfterPartyExcluded(settings, exclude, data.meals.length, party))}
          />
        </div>
      )}
    </section>
  );
}

function SidebarTab({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Tab
      data-testid={testId}
      className="flex-1 rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap text-gray-700 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-primary-500 data-[hover]:bg-gray-50 data-[selected]:bg-primary-700 data-[selected]:text-white"
    >
      {children}
    </Tab>
  );
}

interface TabsProps {
  data: DinnerRoutesResponse;
  tab: number;
  onTab: (tab: number) => void;
  selectedTeamId: string | null;
  onSelectTeam: (teamId: string) => void;
  /** Changes when the selected team should be scrolled into view. */
  scrollRequest: number;
}

/** The teams, their distances and the nearby hosts. */
export function CockpitTabs({ data, tab, onTab, selectedTeamId, onSelectTeam, scrollRequest }: TabsProps) {
  const { t } = useLingui();
  return (
    <TabGroup selectedIndex={tab} onChange={onTab} className={cardClass}>
      <TabList className="flex gap-1 rounded-lg border border-gray-300 bg-white p-0.5" aria-label={t`Lists`}>
        <SidebarTab testId="tab-teams">
          <Trans>Teams</Trans>
        </SidebarTab>
        <SidebarTab testId="tab-distances">
          <Trans>Distances</Trans>
        </SidebarTab>
        <SidebarTab testId="tab-nearby">
          <Trans>Nearby hosts</Trans>
        </SidebarTab>
      </TabList>
      <TabPanels className="mt-3">
        <TabPanel className="focus:outline-none" data-testid="routes-teams">
          <TeamList
            data={data}
            selectedTeamId={selectedTeamId}
            onSelectTeam={onSelectTeam}
            scrollRequest={scrollRequest}
          />
        </TabPanel>
        <TabPanel className="focus:outline-none" data-testid="routes-distances">
          <DistancesList data={data} onSelectTeam={onSelectTeam} />
        </TabPanel>
        <TabPanel className="focus:outline-none" data-testid="routes-nearby">
          <NearbyHostsList data={data} onSelectTeam={onSelectTeam} />
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}

// Beside the map the lists scroll on their own; below it (phones) they are part of the page.
const listClass = 'space-y-2 xl:max-h-[32rem] xl:overflow-y-auto xl:pr-1';

function TeamList({ data, selectedTeamId, onSelectTeam, scrollRequest }: Omit<TabsProps, 'tab' | 'onTab'>) {
  const refs = useRef(new Map<string, HTMLLIElement>());
  useEffect(() => {
    if (scrollRequest > 0 && selectedTeamId)
      refs.current.get(selectedTeamId)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [scrollRequest, selectedTeamId]);
  return (
    <ul className={listClass}>
      {data.teams.map((team) => (
        <li
          key={team.id}
          ref={(el) => {
            if (el) refs.current.set(team.id, el);
            else refs.current.delete(team.id);
          }}
          data-testid="route-team"
          data-team-number={team.teamNumber}
          data-selected={team.id === selectedTeamId || undefined}
          className={`scroll-my-2 rounded-lg border p-3 text-sm ${team.id === selectedTeamId ? 'border-secondary-500 bg-secondary-100 ring-2 ring-secondary-500' : 'border-gray-200'}`}
        >
          <TeamEntry
            team={team}
            meals={data.meals}
            selected={team.id === selectedTeamId}
            onSelect={() => onSelectTeam(team.id)}
          />
        </li>
      ))}
    </ul>
  );
}

function TeamEntry({
  team,
  meals,
  selected,
  onSelect,
}: {
  team: DinnerRouteTeam;
  meals: readonly Meal[];
  selected: boolean;
  onSelect: () => void;
}) {
  const cancelled = team.status === 'CANCELLED';
  return (
    <>
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        className="block w-full text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
      >
        <span className="flex items-center justify-between gap-2">
          <TeamHeading team={team} meals={meals} />
          {cancelled ? (
            <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">
              <Trans>Cancelled</Trans>
            </span>
          ) : (
            !isLocated(team.host) && (
              <span
                className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
                data-testid="team-unlocated"
              >
                <Trans>Not on the map</Trans>
              </span>
            )
          )}
        </span>
        <span className="mt-1 block break-words text-gray-800">{team.memberNames.join(', ')}</span>
        <span className="block break-words text-gray-600">{addressLine(team.host)}</span>
      </button>
      {!cancelled && team.stops.length > 0 && (
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-gray-700">
          <span>
            <Trans>Route:</Trans>{' '}
            {team.stops.map((stop, i) => (
              <span key={stop.meal.id}>
                {i > 0 && ' → '}
                <span className={stop.isOwnTeam ? 'font-semibold text-gray-900' : ''}>{stop.teamNumber}</span>
              </span>
            ))}
          </span>
          <Link
            href={`/dinnerroute/${team.id}`}
            className="font-semibold text-primary-700 underline-offset-2 hover:underline"
            data-testid="team-route-link"
          >
            <Trans>Show route</Trans>
          </Link>
        </p>
      )}
    </>
  );
}

function TeamButton({
  teamNumber,
  teamId,
  onSelectTeam,
}: {
  teamNumber: number;
  teamId: string;
  onSelectTeam: (teamId: string) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onSelectTeam(teamId)}
      className="font-semibold text-primary-700 underline-offset-2 hover:underline"
    >
      <Trans>Team {teamNumber}</Trans>
    </button>
  );
}

function DistancesList({ data, onSelectTeam }: { data: DinnerRoutesResponse; onSelectTeam: (teamId: string) => void }) {
  const { t } = useLingui();
  const { data: distances, error, mutate } = useRouteDistances();
  if (error)
    return (
      <RetryLine message={`${t`The distances could not be loaded.`} ${error.message}`} onRetry={() => void mutate()} />
    );
  if (!distances) return <SkeletonLines lines={6} />;
  const unknown = distances.unknownLegs;
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-2 gap-2" data-testid="distances-summary">
        <Figure label={<Trans>All ways together</Trans>} value={<Distance meters={distances.totalMeters} />} />
        <Figure label={<Trans>Average route</Trans>} value={<Distance meters={distances.averageRouteMeters} />} />
        <Figure label={<Trans>Average way</Trans>} value={<Distance meters={distances.averageLegMeters} />} />
        <Figure label={<Trans>Longest way</Trans>} value={<Distance meters={distances.longestLegMeters} />} />
      </dl>
      <p className="text-gray-600">
        <Trans>Straight-line distances between the hosts' homes.</Trans>{' '}
        {unknown > 0 && (
          <span className="text-amber-900" data-testid="distances-unknown">
            <Plural
              value={unknown}
              one="# way has an end without a position and is not counted."
              other="# ways have an end without a position and are not counted."
            />
          </span>
        )}
      </p>
      <ul className={listClass}>
        {distances.routes.map((route) => (
          <RouteDistanceEntry key={route.teamId} route={route} data={data} onSelectTeam={onSelectTeam} />
        ))}
      </ul>
    </div>
  );
}

function Figure({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div className="rounded-lg bg-gray-50 p-2">
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="font-semibold text-gray-900">{value}</dd>
    </div>
  );
}

function RouteDistanceEntry({
  route,
  data,
  onSelectTeam,
}: {
  route: RouteDistance;
  data: DinnerRoutesResponse;
  onSelectTeam: (teamId: string) => void;
}) {
  const mealOf = (mealId: string) => data.meals.find((m) => m.id === mealId)?.label ?? '';
  return (
    <li
      className="rounded-lg border border-gray-200 p-3"
      data-testid="route-distance"
      data-team-number={route.teamNumber}
    >
      <p className="flex items-baseline justify-between gap-2">
        <TeamButton teamNumber={route.teamNumber} teamId={route.teamId} onSelectTeam={onSelectTeam} />
        <span className="font-semibold">
          <Distance meters={route.totalMeters} />
        </span>
      </p>
      <ul className="mt-1 space-y-0.5 text-gray-700">
        {route.legs.map((leg) => {
          const from = leg.fromTeamNumber;
          const to = leg.toTeamNumber;
          return (
            <li
              key={`${leg.fromMealId}-${leg.toMealId}`}
              className="flex items-baseline justify-between gap-2"
              data-longest={leg.longest || undefined}
            >
              <span className="min-w-0">
                {mealOf(leg.fromMealId)} → {mealOf(leg.toMealId)}
                <span className="block text-xs text-gray-600">
                  <Trans>
                    Team {from} → team {to}
                  </Trans>
                </span>
              </span>
              <span className={`shrink-0 ${leg.longest ? 'font-semibold text-gray-900' : ''}`}>
                <Distance meters={leg.distanceMeters} />
                {leg.longest && route.legs.length > 1 && (
                  <span className="ml-1 rounded-full bg-secondary-100 px-1.5 py-0.5 text-xs font-medium text-secondary-700">
                    <Trans>longest</Trans>
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

const RANGES = [0, 100, 250, 500, 1000] as const;

function NearbyHostsList({
  data,
  onSelectTeam,
}: {
  data: DinnerRoutesResponse;
  onSelectTeam: (teamId: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [range, setRange] = useState<number>(0);
  const { data: nearby, error, mutate } = useNearbyHosts(range);
  const metres = (m: number) => `${new Intl.NumberFormat(i18n.locale).format(m)} m`;
  const options = RANGES.map((r) => ({
    value: String(r),
    label: r === 0 ? t`At the same address` : t`Closer than ${metres(r)}`,
  }));
  const distance = metres(range);
  return (
    <div className="space-y-3 text-sm">
      <div data-testid="nearby-range">
        <SelectField
          name="range"
          label={<Trans>Hosts</Trans>}
          value={String(range)}
          onChange={(value) => setRange(Number(value))}
          options={options}
        />
      </div>
      {error ? (
        <RetryLine
          message={`${t`The nearby hosts could not be loaded.`} ${error.message}`}
          onRetry={() => void mutate()}
        />
      ) : !nearby ? (
        <SkeletonLines lines={4} />
      ) : nearby.pairs.length === 0 ? (
        <p className="text-gray-700" data-testid="nearby-empty">
          {range === 0 ? (
            <Trans>No two hosts cook at the same address.</Trans>
          ) : (
            <Trans>No two hosts are closer than {distance}.</Trans>
          )}
        </p>
      ) : (
        <ul className={listClass} data-testid="nearby-pairs">
          {nearby.pairs.map((pair) => (
            <NearbyPair
              key={`${pair.hosts[0].teamId}-${pair.hosts[1].teamId}`}
              pair={pair}
              data={data}
              onSelectTeam={onSelectTeam}
            />
          ))}
          {nearby.pairCount > nearby.pairs.length && (
            <li className="text-gray-600">
              <Trans>
                The {nearby.pairs.length} nearest of {nearby.pairCount} pairs are shown.
              </Trans>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function NearbyPair({
  pair,
  data,
  onSelectTeam,
}: {
  pair: NearbyHostPair;
  data: DinnerRoutesResponse;
  onSelectTeam: (teamId: string) => void;
}) {
  const [a, b] = pair.hosts;
  const mealOf = (mealId: string) => data.meals.find((m) => m.id === mealId)?.label ?? '';
  return (
    <li
      className="flex items-baseline justify-between gap-2 rounded-lg border border-gray-200 p-2"
      data-testid="nearby-pair"
    >
      <span className="min-w-0">
        <TeamButton teamNumber={a.teamNumber} teamId={a.teamId} onSelectTeam={onSelectTeam} />{' '}
        <span className="text-gray-600">({mealOf(a.mealId)})</span> ·{' '}
        <TeamButton teamNumber={b.teamNumber} teamId={b.teamId} onSelectTeam={onSelectTeam} />{' '}
        <span className="text-gray-600">({mealOf(b.mealId)})</span>
      </span>
      <span className="shrink-0 font-semibold">
        {pair.sameAddress ? <Trans>same address</Trans> : <Distance meters={pair.distanceMeters} />}
      </span>
    </li>
  );
}
