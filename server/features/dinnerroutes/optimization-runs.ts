import type { OptimizationProgress } from '../../../contract/route-optimization.js';
import type { RouteRun } from '../../lib/worker-pool.js';

const LOWER_BOUNDS_KEPT = 32;

/**
 * What one server knows of route optimisation beyond the database: the runs it searches (how to stop them, their latest
 * figures), whether it stops, and the lower bounds it computed last. Built in main.ts (Deps.optimizationRuns).
 */
export class OptimizationRuns {
  private readonly live = new Map<string, { run: RouteRun; progress: OptimizationProgress | null }>();
  private readonly bounds = new Map<string, Promise<number>>();
  /** Set at stop: the ends of runs are not recorded then (the next start marks them interrupted). */
  stopping = false;

  add(id: string, run: RouteRun): void {
    this.live.set(id, { run, progress: null });
  }

  run(id: string): RouteRun | undefined {
    return this.live.get(id)?.run;
  }

  progress(id: string): OptimizationProgress | null {
    return this.live.get(id)?.progress ?? null;
  }

  setProgress(id: string, progress: OptimizationProgress): void {
    const live = this.live.get(id);
    if (live) live.progress = progress;
  }

  delete(id: string): void {
    this.live.delete(id);
  }

  /** Every run this server still searches. */
  all(): RouteRun[] {
    return [...this.live.values()].map((live) => live.run);
  }

  /**
   * The lower bound whose input has the fingerprint `key`, computed once by `compute` however often it is asked (also
   * while it is computed); the bounds asked for last are kept.
   */
  lowerBound(key: string, compute: () => Promise<number>): Promise<number> {
    const known = this.bounds.get(key);
    if (known) {
      this.bounds.delete(key);
      this.bounds.set(key, known);
      return known;
    }
    const bound = compute();
    bound.catch(() => this.bounds.delete(key));
    this.bounds.set(key, bound);
    if (this.bounds.size > LOWER_BOUNDS_KEPT) this.bounds.delete(this.bounds.keys().next().value!);
    return bound;
  }
}
