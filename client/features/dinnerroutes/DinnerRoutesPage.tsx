import type { RunningDinner } from '@contract/dinner';
import type { DinnerRoutesResponse } from '@contract/dinner-routes';
import type { OptimizationPreview } from '@contract/route-optimization';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Button, LinkButton } from '../../components/Button';
import { Card } from '../../components/Card';
import type { LatLngPoint } from '../../components/map/PlacesMap';
import { RetryLine } from '../../components/RetryLine';
import { Skeleton, SkeletonLines } from '../../components/Skeleton';
import { useAction } from '../../components/useAction';
import { isReadOnly } from '../admin/hooks';
import { AFTER_PARTY_KEY, CockpitMap, FIX_KEY, MAP_HEIGHT, type PositionFix, TilesFailedNote } from './CockpitMap';
import { CockpitSettingsCard } from './cockpit-sidebar/CockpitSettingsCard';
import { CockpitTabs } from './cockpit-sidebar/CockpitTabs';
import {
  type CockpitSettings,
  drawnPositions,
  INITIAL_SETTINGS,
  isLocated,
  type LatLng,
  unlocatedTeams,
} from './cockpitModel';
import { useDinnerRoutes, useGeocoding, useLiveRoutes, useSetPosition } from './hooks';
import { OptimizationPanel } from './optimization/OptimizationPanel';
import { proposedRoutes } from './optimizationModel';
import { RoutesHelpDialog } from './RoutesHelpDialog';
import { type UnresolvedAddress, UnresolvedAddresses, useUnresolvedAddresses } from './UnresolvedAddresses';

/** The header of the route pages: the title, what the page shows, and the help. */
export function RoutesHeader({ children, sub, onHelp }: { children: ReactNode; sub?: ReactNode; onHelp?: () => void }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{children}</h1>
        {sub && <p className="mt-1 text-gray-600">{sub}</p>}
      </div>
      {onHelp && (
        <Button variant="secondary" onClick={onHelp} data-testid="routes-help-open">
          <span
            aria-hidden="true"
            className="flex size-5 items-center justify-center rounded-full border border-gray-500 text-xs font-bold"
          >
            ?
          </span>
          <Trans>Help</Trans>
        </Button>
      )}
    </div>
  );
}

/** /admin/{adminId}/dinnerroute — every host and route on a map, the distances, nearby hosts, unlocated addresses. */
export function DinnerRoutesPage({ dinner }: { dinner: RunningDinner }) {
  const { t } = useLingui();
  const { data, error, mutate } = useDinnerRoutes();
  const [helpOpen, setHelpOpen] = useState(false);
  useLiveRoutes();
  const teams = data?.teams.filter((team) => team.status !== 'CANCELLED') ?? [];
  const count = teams.length;
  const located = teams.length - unlocatedTeams(teams).length;
  return (
    <>
      <RoutesHeader
        onHelp={() => setHelpOpen(true)}
        sub={
          data && count > 0 ? (
            <span data-testid="routes-counts" data-located={located} data-count={count}>
              <Trans>
                {located} of {count} hosts on the map
              </Trans>
            </span>
          ) : (
            <Trans>Where every team cooks and which ways the teams go.</Trans>
          )
        }
      >
        <Trans>Dinner routes</Trans>
      </RoutesHeader>
      <RoutesHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      {error && !data ? (
        <Card>
          <RetryLine
            message={`${t`The dinner routes could not be loaded.`} ${error.message}`}
            onRetry={() => void mutate()}
          />
        </Card>
      ) : !data ? (
        <CockpitSkeleton />
      ) : data.teams.length === 0 ? (
        <Card testId="routes-empty">
          <p className="text-gray-700">
            <Trans>
              There are no teams yet, so there are no routes. Make the teams first; their routes then show here on a
              map.
            </Trans>
          </p>
          <LinkButton href="/teams" className="mt-4" data-testid="routes-to-teams">
            <Trans>Go to the teams</Trans>
          </LinkButton>
        </Card>
      ) : (
        <Cockpit data={data} readOnly={isReadOnly(dinner)} />
      )}
    </>
  );
}

function CockpitSkeleton() {
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]" data-testid="routes-loading">
      <Skeleton className={MAP_HEIGHT} />
      <div className="space-y-4 rounded-xl border border-gray-200 bg-white p-4">
        <Skeleton className="h-9 w-full" />
        <SkeletonLines lines={8} />
      </div>
    </div>
  );
}

/** The middle of the located hosts (or of the after-party): where a marker to be placed by hand starts. */
function middleOf(data: DinnerRoutesResponse): LatLng {
  const points: LatLng[] = [...drawnPositions(data.teams, data.sameAddressGroups).values()];
  if (points.length === 0 && isLocated(data.afterPartyLocation)) points.push(data.afterPartyLocation as LatLng);
  if (points.length === 0) return { lat: 51.16, lng: 10.45 };
  return {
    lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
    lng: points.reduce((s, p) => s + p.lng, 0) / points.length,
  };
}

function Cockpit({ data, readOnly }: { data: DinnerRoutesResponse; readOnly: boolean }) {
  const { t } = useLingui();
  const [settings, setSettings] = useState<CockpitSettings>(INITIAL_SETTINGS);
  const [selectedTeamId, setSelectedTeamId] = useState<string | null>(null);
  const [tab, setTab] = useState(0);
  const [scrollRequest, setScrollRequest] = useState(0);
  const [focus, setFocus] = useState<(LatLngPoint & { seq: number }) | undefined>();
  const [tilesFailed, setTilesFailed] = useState(false);
  const onTilesFailed = useCallback(() => setTilesFailed(true), []);
  const { data: geocoding } = useGeocoding();
  const unresolved = useUnresolvedAddresses(data, geocoding);
  const [fixing, setFixing] = useState<{ item: UnresolvedAddress; fix: PositionFix } | null>(null);
  const saving = useAction();
  const setPosition = useSetPosition();
  const mapRef = useRef<HTMLDivElement>(null);
  const [proposal, setProposal] = useState<OptimizationPreview | null>(null);
  const mapData = useMemo(() => (proposal ? proposedRoutes(data, proposal) : data), [data, proposal]);
  const positions = useMemo(
    () => drawnPositions(data.teams, data.sameAddressGroups),
    [data.teams, data.sameAddressGroups],
  );

  /** A marker was clicked: its team is found in the list (a second click lets go of it). */
  const onPlaceClick = (key: string) => {
    if (key === FIX_KEY || key === AFTER_PARTY_KEY) return;
    if (key === selectedTeamId) return setSelectedTeamId(null);
    setSelectedTeamId(key);
    setTab(0);
    setScrollRequest((n) => n + 1);
  };
  /** A team was picked in the lists: it is shown on the map. */
  const onSelectTeam = (teamId: string) => {
    const next = teamId === selectedTeamId ? null : teamId;
    setSelectedTeamId(next);
    const at = next ? positions.get(next) : undefined;
    if (at) setFocus((previous) => ({ ...at, seq: (previous?.seq ?? 0) + 1 }));
    // On a phone the map stands above the lists, out of sight.
    if (at) mapRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  const place = (position: LatLngPoint) =>
    setFixing((current) => current && { ...current, fix: { ...current.fix, position, placed: true } });
  const onMapClick = (position: LatLngPoint) => (fixing ? place(position) : setSelectedTeamId(null));

  const startFix = (item: UnresolvedAddress) => {
    setFixing({ item, fix: { label: item.label, title: item.name, position: middleOf(data), placed: false } });
    mapRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  const save = async () => {
    if (!fixing) return;
    const saved = await saving.run(
      () => setPosition(fixing.item.subject, fixing.fix.position),
      t`The position is saved.`,
    );
    if (saved) setFixing(null);
  };

  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]" data-testid="routes-cockpit">
      <div ref={mapRef} className="min-w-0 scroll-mt-4">
        {fixing && (
          <FixBar
            item={fixing.item}
            placed={fixing.fix.placed}
            busy={saving.busy}
            onSave={() => void save()}
            onCancel={() => setFixing(null)}
          />
        )}
        {proposal && (
          <p
            className="mb-2 rounded-lg border border-primary-100 bg-primary-50 p-2 text-sm text-gray-900"
            role="status"
            data-testid="map-shows-proposal"
          >
            <Trans>The map shows the proposed routes. Nothing is saved yet.</Trans>
          </p>
        )}
        <div data-testid="routes-map" data-shows={proposal ? 'proposal' : 'today'}>
          <CockpitMap
            data={mapData}
            settings={settings}
            selectedTeamId={selectedTeamId}
            onPlaceClick={onPlaceClick}
            onMapClick={onMapClick}
            fix={fixing?.fix ?? null}
            onFixMoved={place}
            focus={focus}
            onTilesFailed={onTilesFailed}
          />
        </div>
        {tilesFailed && <TilesFailedNote />}
        {positions.size === 0 && (
          <p className="mt-2 text-sm text-gray-700" data-testid="routes-none-located">
            <Trans>
              None of the hosts' addresses has a position yet, so the map shows no team. The list names every address.
            </Trans>
          </p>
        )}
      </div>
      <div className="min-w-0 space-y-4">
        <CockpitSettingsCard data={data} settings={settings} onChange={setSettings} />
        <UnresolvedAddresses
          items={unresolved}
          geocoding={geocoding}
          fixingKey={fixing?.item.key ?? null}
          onFix={startFix}
          readOnly={readOnly}
        />
        {/* After the addresses without position: the optimisation needs most of them on the map. */}
        {!readOnly && <OptimizationPanel data={data} onShowOnMap={setProposal} />}
        <CockpitTabs
          data={data}
          tab={tab}
          onTab={setTab}
          selectedTeamId={selectedTeamId}
          onSelectTeam={onSelectTeam}
          scrollRequest={scrollRequest}
        />
      </div>
    </div>
  );
}

function FixBar({
  item,
  placed,
  busy,
  onSave,
  onCancel,
}: {
  item: UnresolvedAddress;
  placed: boolean;
  busy: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  const name = item.name;
  const address = item.address;
  return (
    <div
      className="mb-2 rounded-lg border border-secondary-500 bg-secondary-100 p-3 text-sm text-gray-900"
      role="status"
      data-testid="fix-bar"
    >
      <p>
        <Trans>
          Setting the position of <strong>{name}</strong> ({address}): click on the map where it is, or drag the pink
          marker there. Then save.
        </Trans>
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button onClick={onSave} disabled={!placed || busy} data-testid="fix-save">
          {busy ? <Trans>Saving…</Trans> : <Trans>Save position</Trans>}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  );
}
