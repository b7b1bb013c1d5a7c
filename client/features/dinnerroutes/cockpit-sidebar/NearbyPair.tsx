import type { DinnerRoutesResponse, NearbyHostPair } from '@contract/dinner-routes';
import { Trans } from '@lingui/react/macro';
import { Distance } from '../routeBits';
import { TeamButton } from './TeamButton';

export function NearbyPair({
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
