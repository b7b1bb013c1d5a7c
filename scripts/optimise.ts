// `npm run optimise -- FILE.json [--seconds N] [--seed S] [--iterations N]`: the route optimiser on its own.
// Reads {"meals":3,"teams":[{"id":"t1","lat":47.99,"lng":7.85,"meal":0},…],"fixedMeals":true} (meal = the meal the
// team hosts; "fixedMeals": false lets meals change; optional "minimumDistanceInMeters") and prints one JSON object:
// {"teams":[{"id":"t1","meal":0,"stops":["t1","t7","t12"]},…],"totalRouteLengthMeters":…,"longestLegMeters":…,
// "lowerBoundMeters":…,"seconds":…} — stops are the hosts for meal 0, 1, 2 (its own id at its own meal).
// Bad input (unreadable file, bad JSON, unknown fields, a team count that is not a multiple of the meals, fewer than
// meals² teams, missing coordinates, bad options) exits 2 with one line on stderr.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { routesInputOfFile } from '../domain/routes/input.js';
import { optimiseRoutes } from '../domain/routes/optimise.js';
import { RoutesInputError } from '../domain/routes/routes.js';

const USAGE = 'usage: npm run optimise -- FILE.json [--seconds N] [--seed S] [--iterations N]';

function fail(message: string): never {
  process.stderr.write(`optimise: ${message}\n`);
  process.exit(2);
}

function numberOption(value: string | undefined, name: string, check: (x: number) => boolean): number | undefined {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (value.trim() === '' || !check(x)) fail(`--${name} ${value} is not a valid value (${USAGE})`);
  return x;
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: { seconds: { type: 'string' }, seed: { type: 'string' }, iterations: { type: 'string' } },
  });
}
try {
  args = parse();
} catch (error) {
  fail(`${(error as Error).message} (${USAGE})`);
}
if (args.positionals.length !== 1) fail(`give exactly one input file (${USAGE})`);
const seconds = numberOption(args.values.seconds, 'seconds', (x) => Number.isFinite(x) && x > 0 && x <= 3600);
const seed = numberOption(args.values.seed, 'seed', (x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32);
const iterations = numberOption(args.values.iterations, 'iterations', (x) => Number.isInteger(x) && x > 0);

const file = args.positionals[0];
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (error) {
  fail(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
}
let json: unknown;
try {
  json = JSON.parse(text);
} catch (error) {
  fail(`${file} is not JSON: ${(error as Error).message}`);
}
let input: ReturnType<typeof routesInputOfFile>;
try {
  input = routesInputOfFile(json);
} catch (error) {
  if (error instanceof RoutesInputError) fail(`${file}: ${error.message}`);
  throw error;
}

const result = optimiseRoutes(input, { seconds, seed, iterations });
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
process.stdout.write(
  `${JSON.stringify({
    teams: result.teams,
    totalRouteLengthMeters: round(result.totalRouteLengthMeters, 1),
    longestLegMeters: round(result.longestLegMeters, 1),
    lowerBoundMeters: round(result.lowerBoundMeters, 1),
    seconds: round(result.seconds, 3),
  })}\n`,
);
