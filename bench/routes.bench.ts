import { availableParallelism, loadavg } from 'node:os';
import { cityTeams } from '../domain/routes/city.js';
import { defaultSeconds, optimiseRoutes, type RoutesResult } from '../domain/routes/optimise.js';

// npm run bench (routes): the route optimiser at its default budget on synthetic cities — 45 to 1,200 teams of 3
// meals in 7 Gaussian neighbourhoods (σ 400–900 m) of an 8 × 8 km area, fixed seeds. "Before" is the meet-once
// design with the teams placed in input order (what a dinner has without optimisation); "bound" is the lower bound
// given the host split of the result (domain/routes/lower-bound.ts), so the gap is an upper limit on what a longer
// search could still gain for that split; with meals free "any split" is the weaker bound over every split. Run in this thread, one at a time; the wall time includes the set-up, the
// bound and the final checks. With --long, 150 and 300 teams also run with 4 × the budget to compare.

const SIZES = [45, 90, 150, 300, 1_200];
const MEALS = 3;
const long = process.argv.includes('--long');

const km = (meters: number) => (meters / 1000).toFixed(1);
const pad = (text: string, width: number) => text.padStart(width);

interface Row {
  teams: number;
  result: RoutesResult;
  wall: number;
}

function run(teams: number, fixedMeals: boolean, seconds: number): Row {
  const input = { meals: MEALS, teams: cityTeams(teams, MEALS, 1_000 + teams), fixedMeals };
  const started = performance.now();
  const result = optimiseRoutes(input, { seconds, seed: 1 });
  return { teams, result, wall: (performance.now() - started) / 1000 };
}

function table(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  console.log(
    `${pad('teams', 6)} ${pad('before km', 10)} ${pad('after km', 9)} ${pad('bound km', 9)} ${pad('gap', 6)} ${pad('any split km', 13)} ${pad('saved', 6)} ${pad('longest leg m', 14)} ${pad('budget s', 9)} ${pad('wall s', 7)} ${pad('moves/s', 8)}`,
  );
  for (const { teams, result, wall } of rows) {
    const gap = (result.totalRouteLengthMeters / result.lowerBoundMeters - 1) * 100;
    const saved = (1 - result.totalRouteLengthMeters / result.startTotalMeters) * 100;
    console.log(
      [
        pad(String(teams), 6),
        pad(km(result.startTotalMeters), 10),
        pad(km(result.totalRouteLengthMeters), 9),
        pad(km(result.lowerBoundMeters), 9),
        pad(`${gap.toFixed(2)}%`, 6),
        pad(km(result.lowerBoundAnySplitMeters), 13),
        pad(`${saved.toFixed(0)}%`, 6),
        pad(`${Math.round(result.startLongestLegMeters)} → ${Math.round(result.longestLegMeters)}`, 14),
        pad(defaultSeconds(teams).toFixed(1), 9),
        pad(wall.toFixed(2), 7),
        pad(`${(result.iterations / result.seconds / 1e6).toFixed(1)}M`, 8),
      ].join(' '),
    );
  }
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
console.log(
  `Route optimisation (${MEALS} meals, default budget, ${availableParallelism()} cores; load average at start ${load()})`,
);
for (const fixedMeals of [true, false]) {
  const rows = SIZES.map((teams) => run(teams, fixedMeals, defaultSeconds(teams)));
  table(
    fixedMeals ? 'Meals fixed (every team cooks the meal it was given):' : 'Meals free (ignoreMealAssignments):',
    rows,
  );
  if (long) {
    for (const teams of [150, 300]) {
      const short = rows.find((r) => r.teams === teams) as Row;
      const longer = run(teams, fixedMeals, 4 * defaultSeconds(teams));
      const difference = (short.result.totalRouteLengthMeters / longer.result.totalRouteLengthMeters - 1) * 100;
      console.log(
        `  ${teams} teams with 4 × the budget: ${km(longer.result.totalRouteLengthMeters)} km (the default budget is ${difference.toFixed(2)}% longer)`,
      );
    }
  }
}
console.log(`\nload average at the end ${load()}`);
