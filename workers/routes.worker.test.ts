import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { afterAll, describe, expect, it } from 'vitest';
import { cityTeams } from '../domain/routes/city.js';
import routesTask, {
  type OptimiseRoutesTask,
  type RoutesTaskOutcome,
  type RoutesWorkerCommand,
  type RoutesWorkerMessage,
} from './routes.worker.js';

// The route optimisation task, called directly and through a real Piscina pool: progress on the transferred port,
// cancellation by a message on it or by Piscina's AbortSignal.

const input = { meals: 3, teams: cityTeams(90, 3, 12) };

// As workerThreads() in server/lib/worker-pool.ts: vitest does not pass tsx on to worker threads.
const pool = new Piscina({
  filename: new URL('./routes.worker.ts', import.meta.url).href,
  execArgv: [...process.execArgv, '--import', 'tsx'],
  maxThreads: 2,
});
afterAll(() => pool.close());

/**
 * Piscina wants the transfer list as an array at run time, but its type (inferred from MessagePort.postMessage) is
 * StructuredSerializeOptions with @types/node 26: hence the cast.
 */
type TransferList = NonNullable<Parameters<Piscina['run']>[1]>['transferList'];
const transferring = (port: MessagePort) => ({ transferList: [port] as unknown as TransferList });

function collect(port: MessageChannel['port1']): RoutesWorkerMessage[] {
  const messages: RoutesWorkerMessage[] = [];
  port.on('message', (message: RoutesWorkerMessage) => messages.push(message));
  return messages;
}

describe('the routes worker task', () => {
  it('answers plain data and posts progress on the port it gets', async () => {
    const { port1, port2 } = new MessageChannel();
    const messages = collect(port1);
    const outcome = routesTask({ kind: 'optimise-routes', input, seed: 1, iterations: 100_000, port: port2 });
    // The messages cross the channel a moment later: longer on a busy machine.
    const lastPosted = outcome.ok ? outcome.result.totalRouteLengthMeters : undefined;
    for (let waited = 0; waited < 5_000 && messages.at(-1)?.bestTotalMeters !== lastPosted; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    port1.close();
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(structuredClone(outcome)).toEqual(outcome);
    expect(outcome.result.teams).toHaveLength(90);
    expect(outcome.result.totalRouteLengthMeters).toBeLessThan(outcome.result.startTotalMeters);
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(messages[0]).toMatchObject({ type: 'progress', startTotalMeters: outcome.result.startTotalMeters });
    expect(messages.at(-1)?.bestTotalMeters).toBeCloseTo(outcome.result.totalRouteLengthMeters, 6);
  });

  it('answers refused input as data', () => {
    const outcome = routesTask({
      kind: 'optimise-routes',
      input: { meals: 3, teams: input.teams.slice(0, 10) },
      seed: 1,
    });
    expect(outcome).toEqual({ ok: false, code: 'invalid_input', message: '10 teams is not a multiple of 3 meals' });
  });

  it('runs in the Piscina pool with the port transferred, streaming progress while the main thread stays free', async () => {
    const { port1, port2 } = new MessageChannel();
    const messages = collect(port1);
    const task: OptimiseRoutesTask = { kind: 'optimise-routes', input, seed: 2, seconds: 1.2, port: port2 };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    const outcome: RoutesTaskOutcome = await pool.run(task, transferring(port2));
    clearInterval(timer);
    port1.close();
    expect(outcome.ok && outcome.result.teams.length).toBe(90);
    // The main thread's timers kept running during the search, and progress came a few times a second.
    expect(ticks).toBeGreaterThanOrEqual(10);
    expect(messages.length).toBeGreaterThanOrEqual(4);
    for (const m of messages)
      expect(Object.keys(m).sort()).toEqual([
        'bestTotalMeters',
        'elapsedMs',
        'lowerBoundMeters',
        'startTotalMeters',
        'type',
      ]);
  });

  it('stops at a cancel message on the port with the best valid routes so far', async () => {
    const { port1, port2 } = new MessageChannel();
    const messages = collect(port1);
    const started = Date.now();
    const run = pool.run(
      { kind: 'optimise-routes', input, seed: 3, seconds: 30, port: port2 } satisfies OptimiseRoutesTask,
      transferring(port2),
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    port1.postMessage({ type: 'cancel' } satisfies RoutesWorkerCommand);
    const outcome: RoutesTaskOutcome = await run;
    port1.close();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(outcome.ok && outcome.result.cancelled).toBe(true);
    expect(outcome.ok && outcome.result.totalRouteLengthMeters).toBeLessThanOrEqual(
      outcome.ok ? outcome.result.startTotalMeters : 0,
    );
    expect(messages.length).toBeGreaterThan(0);
  });

  it('ends the thread when Piscina’s AbortSignal fires', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const run = pool.run({ kind: 'optimise-routes', input, seed: 4, seconds: 30 } satisfies OptimiseRoutesTask, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 300);
    await expect(run).rejects.toThrow(/abort/i);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
