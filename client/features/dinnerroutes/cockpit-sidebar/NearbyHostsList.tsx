import type { DinnerRoutesResponse } from '@contract/dinner-routes';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { SelectField } from '../../../components/form';
import { RetryLine } from '../../../components/RetryLine';
import { SkeletonLines } from '../../../components/Skeleton';
import { useNearbyHosts } from '../hooks';
import { NearbyPair } from './NearbyPair';
import { listClass } from './sidebarClasses';

const RANGES = [0, 100, 250, 500, 1000] as const;

export function NearbyHostsList({
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
