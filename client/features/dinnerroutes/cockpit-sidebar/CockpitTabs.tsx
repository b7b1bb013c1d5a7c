import { TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DistancesList } from './DistancesList';
import { NearbyHostsList } from './NearbyHostsList';
import { SidebarTab } from './SidebarTab';
import { cardClass } from './sidebarClasses';
import { TeamList, type TeamListProps } from './TeamList';

interface TabsProps extends TeamListProps {
  tab: number;
  onTab: (tab: number) => void;
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
