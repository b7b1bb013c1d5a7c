import { isDatabaseBusyOrUnreachable } from '../../db/connection.js';

/** All steps of a stop end within this; the process's deadline (server/main.ts) comes after it. */
const STOP_BUDGET_MS = 6_500;
/** How long a stop step waits for the database; once it did not answer (or never answered), the steps after it wait this much less. */
export const DATABASE_STEP_MS = { answering: 1_000, silent: 100 };

interface StopStep {
  name: string;
  run: () => unknown;
  /** At most this long; a step that waits on the database waits less once the database was seen silent. */
  ms: number;
  database: boolean;
}

/**
 * What start-up has started, so that a stop at any point of it (and while running) stops exactly that: the steps
 * that end the intake (the HTTP server) first, then the others in the reverse order of their start. Every step is
 * bounded, and all end within STOP_BUDGET_MS. A step that waited in vain for the database (or failed because it could
 * not be reached) loses nothing: what it leaves behind is in the database already (claims whose leases run out, mail
 * put back at the next start). Any other failure, or a step that overran without the database to blame, makes the stop
 * unclean.
 */
export class Stops {
  private readonly intake: StopStep[] = [];
  private readonly steps: StopStep[] = [];
  private running: Promise<boolean> | null = null;
  /** False until the database answered at start-up, and again once a stop step waited for it in vain. */
  databaseAnswers = false;

  get requested(): boolean {
    return this.running !== null;
  }

  /** Registers what stops something that has just started; `database`: the step may wait on the database. */
  add(
    name: string,
    run: () => unknown,
    { ms = DATABASE_STEP_MS.answering, database = true, intake = false } = {},
  ): void {
    (intake ? this.intake : this.steps).push({ name, run, ms, database });
  }

  /**
   * A stage of start-up: its result, or nothing ever once a stop was requested (start-up then ends where it is and
   * the stop does not wait for it; what the stage still makes goes with the process).
   */
  during<T>(stage: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      stage.then(
        (value) => this.requested || resolve(value),
        (error) => this.requested || reject(error),
      );
    });
  }

  /** Stops everything registered so far; answers whether the stop was clean. Runs once: a second call answers the first. */
  run(): Promise<boolean> {
    this.running ??= this.runSteps([...this.intake, ...[...this.steps].reverse()]);
    return this.running;
  }

  private async runSteps(steps: StopStep[]): Promise<boolean> {
    const endBy = Date.now() + STOP_BUDGET_MS;
    let clean = true;
    for (const step of steps) {
      const left = endBy - Date.now();
      // Past the budget a step that may wait on the database is not waited for; the others still get a moment.
      const ms = step.database
        ? Math.max(0, Math.min(this.databaseAnswers ? step.ms : DATABASE_STEP_MS.silent, left))
        : Math.min(step.ms, Math.max(left, 100));
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        Promise.resolve()
          .then(step.run)
          .then(
            () => ({ done: true as const }),
            (error: unknown) => ({ done: false as const, error }),
          ),
        new Promise<{ done: false; error?: undefined }>((resolve) => {
          timer = setTimeout(() => resolve({ done: false }), ms);
        }),
      ]);
      clearTimeout(timer);
      if (outcome.done) continue;
      const onDatabase = step.database && (outcome.error === undefined || isDatabaseBusyOrUnreachable(outcome.error));
      if (onDatabase) {
        this.databaseAnswers = false;
        const why = outcome.error === undefined ? `after ${ms} ms` : `(${reasonOf(outcome.error)})`;
        console.error(`running-dinner: stop: ${step.name} gave up on the database ${why}; going on without it`);
      } else {
        clean = false;
        const why = outcome.error === undefined ? `did not end within ${ms} ms` : `failed: ${reasonOf(outcome.error)}`;
        console.error(`running-dinner: stop: ${step.name} ${why}`);
      }
    }
    return clean;
  }
}

export const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message || String((error as { code?: unknown }).code ?? error.name) : String(error);
