import { describe, expect, it } from 'vitest';
import { meetOnceVisits } from '../domain/teams/design.js';
import { generatePlan } from '../domain/teams/generate.js';
import type { GeneratedPlan, PlanOptions } from '../domain/teams/plan.types.js';
import { participantsFrom, people, person } from '../domain/teams/test-support.js';
import teamsTask from './teams.worker.js';

const threeMeals: PlanOptions = {
  meals: 3,
  teamSize: 2,
  forceEqualDistributedCapacityTeams: true,
  genderAspects: 'FORCE_GENDER_MIX',
};

describe('the teams worker task', () => {
  it('answers the plan with its visits as plain data', () => {
    const confirmed = participantsFrom(people(20, () => person('FEMALE', 6)));
    const options: PlanOptions = { ...threeMeals, genderAspects: 'FORCE_SAME_GENDER' };
    const result = teamsTask({ kind: 'generate', confirmed, options, seed: 5 });
    const plan: GeneratedPlan = generatePlan(confirmed, options, 5);
    expect(result).toEqual({ ...plan, visits: meetOnceVisits(plan.teams, 3) });
    expect(structuredClone(result)).toEqual(result);
    expect(result.waitingParticipantIds).toEqual(['p18', 'p19']);
  });
});
