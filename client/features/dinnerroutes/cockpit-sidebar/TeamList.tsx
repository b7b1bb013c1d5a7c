import type { DinnerRoutesResponse } from '@contract/dinner-routes';
import { useEffect, useRef } from 'react';
import { listClass } from './sidebarClasses';
import { TeamEntry } from './TeamEntry';

export interface TeamListProps {
  data: DinnerRoutesResponse;
  selectedTeamId: string | null;
  onSelectTeam: (teamId: string) => void;
  /** Changes when the selected team should be scrolled into view. */
  scrollRequest: number;
}

export function TeamList({ data, selectedTeamId, onSelectTeam, scrollRequest }: TeamListProps) {
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
