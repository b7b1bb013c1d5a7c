import type { TeamsResponse } from '../../../contract/teams.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import type { Deps } from '../../deps.js';
import { teamNumberOf } from './plan-requests.js';
import { loadPlan } from './team-plan.js';
import * as repo from './teams.repo.js';
import { meetingPlanOf, teamsResponse } from './teams.view.js';

export async function listTeams(
  deps: Deps,
  dinner: RunningDinnerRow,
  filterCancelledTeams: boolean,
): Promise<TeamsResponse> {
  const [stored, sentMails] = await Promise.all([loadPlan(deps.db, dinner), repo.sentMails(deps.db, dinner.id)]);
  return teamsResponse(stored, sentMails, filterCancelledTeams);
}

export async function meetingPlan(deps: Deps, dinner: RunningDinnerRow, teamId: string) {
  const stored = await loadPlan(deps.db, dinner);
  return meetingPlanOf(stored, teamNumberOf(stored, teamId));
}
