import type { OptimizationState } from '@contract/route-optimization';
import { describe, expect, it } from 'vitest';
import {
  elapsedFraction,
  formatPercent,
  gainedFraction,
  isUnderway,
  mealChanges,
  proposalBound,
  refusalOf,
  runToFollow,
  shorterFraction,
  withProgress,
  worthApplying,
} from './optimizationModel';

const state = (overrides: Partial<OptimizationState> = {}): OptimizationState => ({
  optimizationId: 'o1',
  status: 'RUNNING',
  failure: null,
  ignoreMealAssignments: false,
  minimumDistanceInMeters: 0,
  automatic: false,
  budgetSeconds: 20,
  startedAt: '2030-01-01T10:00:00Z',
  finishedAt: null,
  progress: null,
  startLongestLegMeters: null,
  longestLegMeters: null,
  outdated: false,
  ...overrides,
});
const progress = (elapsedMs: number, bestTotalMeters = 9000) => ({
  elapsedMs,
  bestTotalMeters,
  startTotalMeters: 10_000,
  lowerBoundMeters: 6000,
});

describe('the optimisation panel model', () => {
  it('says how much shorter, never less than nothing', () => {
    expect(shorterFraction(10_000, 7_500)).toBeCloseTo(0.25);
    expect(shorterFraction(10_000, 10_000)).toBe(0);
    expect(shorterFraction(10_000, 12_000)).toBe(0);
    expect(shorterFraction(0, 0)).toBe(0);
    expect(formatPercent(0.254, 'en')).toBe('25%');
    expect(formatPercent(0.254, 'de')).toMatch(/^25\s%$/);
  });

  it('measures the time used against the budget, full once the run ended', () => {
    expect(elapsedFraction(state())).toBe(0);
    expect(elapsedFraction(state({ progress: progress(5000) }))).toBeCloseTo(0.25);
    expect(elapsedFraction(state({ progress: progress(25_000) }))).toBe(1);
    expect(elapsedFraction(state({ status: 'FINISHED', progress: progress(3000) }))).toBe(1);
    expect(elapsedFraction(state({ budgetSeconds: 0, progress: progress(3000) }))).toBe(0);
  });

  it('measures the gain against the most the lower bound leaves', () => {
    expect(gainedFraction(progress(0, 10_000))).toBe(0);
    expect(gainedFraction(progress(0, 8000))).toBeCloseTo(0.5);
    expect(gainedFraction(progress(0, 6000))).toBe(1);
    expect(gainedFraction({ bestTotalMeters: 5000, startTotalMeters: 5000, lowerBoundMeters: 5000 })).toBe(1);
  });

  it('follows a running run, and an automatic one until it applied itself', () => {
    expect(isUnderway(state())).toBe(true);
    expect(isUnderway(state({ status: 'FINISHED' }))).toBe(false);
    expect(isUnderway(state({ status: 'FINISHED', automatic: true }))).toBe(true);
    expect(isUnderway(state({ status: 'FINISHED', automatic: true, outdated: true }))).toBe(false);
    for (const status of ['APPLIED', 'CANCELLED', 'FAILED'] as const)
      expect(isUnderway(state({ status, automatic: true }))).toBe(false);
  });

  it('takes the figures of a progress event, not of an older one, and not after the end', () => {
    const now = withProgress(state(), progress(2000));
    expect(now.progress?.elapsedMs).toBe(2000);
    expect(withProgress(now, progress(1000)).progress?.elapsedMs).toBe(2000);
    const ended = state({ status: 'FINISHED', progress: progress(3000, 8000) });
    expect(withProgress(ended, progress(4000, 9000))).toBe(ended);
  });

  it('counts the teams that would cook another meal', () => {
    const route = (before: string, after: string) => ({ mealIdBefore: before, mealIdAfter: after }) as never;
    expect(mealChanges({ routes: [route('a', 'a'), route('a', 'b'), route('c', 'b')] })).toBe(2);
  });

  it('follows the run it knows, else one the server reports running, else the proposal it keeps', () => {
    const reported = (running: string[], proposal: string | null = null) => ({
      runningOptimizationIds: running,
      proposalOptimizationId: proposal,
    });
    expect(runToFollow('mine', reported(['other'], 'kept'))).toBe('mine');
    expect(runToFollow(undefined, reported(['other', 'third'], 'kept'))).toBe('other');
    expect(runToFollow(undefined, reported([], 'kept'))).toBe('kept');
    expect(runToFollow(undefined, reported([]))).toBeNull();
    expect(runToFollow(undefined, undefined)).toBeNull();
    expect(runToFollow(undefined, reported(['done', 'other']), 'done')).toBe('other');
    expect(runToFollow(undefined, reported(['done']), 'done')).toBeNull();
    expect(runToFollow(undefined, reported([], 'done'), 'done')).toBeNull();
  });

  it('explains the refusals of the contract in place', () => {
    expect(refusalOf({ status: 429 })).toBe('busy');
    expect(refusalOf({ status: 409, code: 'no_teams' })).toBe('no_teams');
    expect(refusalOf({ status: 409, code: 'too_few_positions' })).toBe('too_few_positions');
    expect(refusalOf({ status: 409, code: 'teams_changed' })).toBe('teams_changed');
    expect(refusalOf({ status: 409, code: 'other' })).toBeNull();
    expect(refusalOf({ status: 500 })).toBeNull();
  });

  it('offers to save a proposal only when it is shorter, in total or in its longest way', () => {
    const preview = {
      changedRoutes: 9,
      totalMetersBefore: 10_000,
      totalMetersAfter: 8_000,
      longestLegMetersBefore: 3000,
      longestLegMetersAfter: 3000,
    };
    expect(worthApplying(preview)).toBe(true);
    expect(worthApplying({ ...preview, changedRoutes: 0 })).toBe(false);
    // Other routes of the same length (rounding aside): nothing to gain.
    expect(worthApplying({ ...preview, totalMetersAfter: 9_999.9999 })).toBe(false);
    expect(worthApplying({ ...preview, totalMetersAfter: 10_000, longestLegMetersAfter: 2500 })).toBe(true);
  });

  it('shows beside a proposal the bound that holds for every plan the run may return', () => {
    expect(proposalBound({ lowerBoundMeters: 9000, state: state({ progress: progress(500) }) })).toBe(6000);
    expect(proposalBound({ lowerBoundMeters: 5000, state: state({ progress: progress(500) }) })).toBe(5000);
    expect(proposalBound({ lowerBoundMeters: 9000, state: state() })).toBe(9000);
  });
});
