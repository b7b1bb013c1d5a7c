import type { DinnerRoutesResponse } from '@contract/dinner-routes';
import type { GeocodingOverview } from '@contract/geocoding';
import { GeocodingMessage } from '@contract/geocoding.messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../components/Button';
import { isLocated, unlocatedTeams } from './cockpitModel';
import type { PositionSubject } from './hooks';
import { addressLine } from './routeBits';

/** An address without position, and what setting its position by hand is about. */
export interface UnresolvedAddress {
  key: string;
  subject: PositionSubject;
  /** Who or what is there: "Team 3 · Anna Muster", "After-party: Absacker". */
  name: string;
  address: string;
  /** Why it has no position, when the geocoder said so. */
  reason?: string;
  /** A team's host: the routes miss it on the map. */
  host: boolean;
  /** The marker's label while its position is set (at most 3 characters). */
  label: string;
}

type Reason = GeocodingOverview['unresolved'][number]['reason'];
const REASONS: Record<Reason, { id: string; message: string }> = {
  NOT_FOUND: GeocodingMessage.reasonNotFound,
  UNREACHABLE: GeocodingMessage.reasonUnreachable,
  INCOMPLETE_ADDRESS: GeocodingMessage.reasonIncompleteAddress,
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/**
 * The addresses without position: those the geocoding call lists (every participant's, with the reason), the
 * hosts of teams that have none yet (still being looked up), and the after-party. Without the geocoding call's
 * answer, the hosts of the routes and the after-party.
 */
export function useUnresolvedAddresses(
  data: DinnerRoutesResponse,
  geocoding: GeocodingOverview | undefined,
): UnresolvedAddress[] {
  const { t, i18n } = useLingui();
  const hostTeams = new Map(
    data.teams
      .filter((team) => team.status !== 'CANCELLED' && team.host.participantId)
      .map((team) => [team.host.participantId!, team]),
  );
  const teamName = (teamNumber: number, name: string) => `${t`Team ${teamNumber}`} · ${name}`;

  const items: UnresolvedAddress[] = [];
  const listed = new Set<string>();
  for (const entry of geocoding?.unresolved ?? []) {
    const team = hostTeams.get(entry.participantId);
    listed.add(entry.participantId);
    items.push({
      key: entry.participantId,
      subject: { kind: 'participant', participantId: entry.participantId },
      name: team ? teamName(team.teamNumber, entry.name) : entry.name,
      address: entry.address,
      reason: i18n._(REASONS[entry.reason]),
      host: team !== undefined,
      label: team ? String(team.teamNumber).slice(0, 3) : initials(entry.name),
    });
  }
  for (const team of unlocatedTeams(data.teams)) {
    const participantId = team.host.participantId;
    if (!participantId || listed.has(participantId)) continue;
    items.push({
      key: participantId,
      subject: { kind: 'participant', participantId },
      name: teamName(team.teamNumber, team.host.name),
      address: addressLine(team.host),
      reason: geocoding ? t`Still being looked up` : undefined,
      host: true,
      label: String(team.teamNumber).slice(0, 3),
    });
  }
  // The hosts first: the routes need them.
  items.sort((a, b) => Number(b.host) - Number(a.host));

  const party = data.afterPartyLocation;
  if (party && !isLocated(party)) {
    const title = party.title;
    const reason = geocoding?.afterParty?.reason;
    items.push({
      key: 'after-party',
      subject: { kind: 'afterParty' },
      name: t`After-party: ${title}`,
      address: addressLine(party),
      reason: reason ? i18n._(REASONS[reason]) : undefined,
      host: false,
      label: t`AP`,
    });
  }
  return items;
}

interface UnresolvedAddressesProps {
  items: UnresolvedAddress[];
  geocoding: GeocodingOverview | undefined;
  fixingKey: string | null;
  onFix: (item: UnresolvedAddress) => void;
  readOnly: boolean;
}

/** How far the geocoder got, and the addresses without position, each with a way to set it by hand on the map. */
export function UnresolvedAddresses({ items, geocoding, fixingKey, onFix, readOnly }: UnresolvedAddressesProps) {
  const pending = geocoding?.pending ?? 0;
  if (items.length === 0 && pending === 0) return null;
  const located = geocoding?.located ?? 0;
  const total = geocoding?.total ?? 0;
  return (
    <section
      className="rounded-xl border border-amber-300 bg-amber-50 p-4"
      aria-labelledby="unresolved-heading"
      data-testid="unresolved-addresses"
    >
      <h2 id="unresolved-heading" className="font-semibold text-amber-950">
        <Trans>Addresses not on the map</Trans>
      </h2>
      {geocoding && (
        <p
          className="mt-1 text-sm text-amber-950"
          data-testid="geocoding-progress"
          data-located={located}
          data-total={total}
        >
          <Trans>
            {located} of {total} addresses located.
          </Trans>{' '}
          {pending > 0 && <Trans>{pending} are still being looked up; the map fills in as they are found.</Trans>}
        </p>
      )}
      {items.length > 0 && (
        <p className="mt-1 text-sm text-amber-950">
          <Trans>Ways to and from an address without position are missing from the map and the distances.</Trans>{' '}
          {!readOnly && (
            <Trans>
              Set a position by hand: choose "Set position", then click on the map or drag the marker, and save.
            </Trans>
          )}
        </p>
      )}
      <ul className="mt-3 max-h-72 space-y-2 overflow-y-auto">
        {items.map((item) => (
          <li
            key={item.key}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white p-2 text-sm"
            data-testid="unresolved-address"
            data-host={item.host || undefined}
          >
            <span className="min-w-0">
              <span className="block font-medium break-words text-gray-900">{item.name}</span>
              <span className="block break-words text-gray-700">{item.address}</span>
              {item.reason && <span className="block text-xs text-gray-600">{item.reason}</span>}
            </span>
            {!readOnly && (
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                onClick={() => onFix(item)}
                disabled={fixingKey === item.key}
                data-testid="fix-position"
              >
                <Trans>Set position</Trans>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
