import type { Team } from '@contract/teams';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import type { PlanChange } from './PlanChangeDialog';
import { MealLabel } from './TeamBadges';
import { TeamCard, type TeamViewProps } from './TeamCard';
import { TeamTable } from './TeamTable';
import { teamsByMeal } from './teamList';

interface TeamViewsProps extends TeamViewProps {
  teams: readonly Team[];
  readOnly: boolean;
  /** While a change runs, the whole plan cannot be replaced. */
  planLocked: boolean;
  onPlanChange: (change: Extract<PlanChange, string>) => void;
}

/** The teams by meal (cards whose members can be dragged onto each other) or as one table, and the buttons that replace the whole plan. */
export function TeamViews({ teams, readOnly, planLocked, onPlanChange, ...viewProps }: TeamViewsProps) {
  const { t } = useLingui();
  return (
    <TabGroup>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TabList
          className="inline-flex self-start rounded-lg border border-gray-300 bg-white p-0.5"
          aria-label={t`View`}
        >
          <ViewTab testId="view-cards">
            <Trans>By meal</Trans>
          </ViewTab>
          <ViewTab testId="view-table">
            <Trans>Table</Trans>
          </ViewTab>
        </TabList>
        {!readOnly && (
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Button
              variant="secondary"
              disabled={planLocked}
              onClick={() => onPlanChange('regenerate')}
              data-testid="regenerate-teams"
            >
              <Trans>Generate again…</Trans>
            </Button>
            <Button
              variant="secondary"
              className="text-red-700"
              disabled={planLocked}
              onClick={() => onPlanChange('drop')}
              data-testid="drop-teams"
            >
              <Trans>Delete teams…</Trans>
            </Button>
          </div>
        )}
      </div>
      <TabPanels>
        <TabPanel className="focus:outline-none" data-testid="teams-by-meal">
          {!readOnly && <SwapHint />}
          <TeamsByMeal teams={teams} {...viewProps} />
        </TabPanel>
        <TabPanel className="focus:outline-none">
          <Card>
            <TeamTable teams={teams} {...viewProps} />
          </Card>
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}

function SwapHint() {
  return (
    <p className="mb-4 text-sm text-gray-600">
      <span className="hidden md:inline">
        <Trans>
          To swap two members, drag one by its handle onto a member of another team, or use the member's menu.
        </Trans>
      </span>
      <span className="md:hidden">
        <Trans>To swap two members, use the menu beside a name.</Trans>
      </span>
    </p>
  );
}

function TeamsByMeal({ teams, ...viewProps }: TeamViewProps & { teams: readonly Team[] }) {
  return (
    <div className="space-y-8">
      {teamsByMeal(viewProps.meals, teams).map(({ meal, teams: mealTeams }, index) => (
        <section key={meal.id} aria-labelledby={`meal-${meal.id}`} data-testid="meal-section">
          <h2
            id={`meal-${meal.id}`}
            className="mb-3 flex flex-wrap items-baseline gap-x-3 text-lg font-semibold text-gray-900"
          >
            <MealLabel meal={meal} index={index} />
            <span className="text-sm font-normal text-gray-600">
              <TeamCount count={mealTeams.length} />
            </span>
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {mealTeams.map((team) => (
              <TeamCard key={team.id} team={team} {...viewProps} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function ViewTab({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Tab
      data-testid={testId}
      className="rounded-md px-3 py-1.5 text-sm font-medium text-gray-700 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-primary-500 data-[hover]:bg-gray-50 data-[selected]:bg-primary-700 data-[selected]:text-white"
    >
      {children}
    </Tab>
  );
}

function TeamCount({ count }: { count: number }) {
  return <Plural value={count} one="# team" other="# teams" />;
}
