import * as v from 'valibot';
import { isLocated } from './distance.js';
import { type RoutesInput, RoutesInputError, routeProblem } from './routes.js';

// The file `npm run optimise` reads: {"meals":3,"teams":[{"id":"t1","lat":47.99,"lng":7.85,"meal":0},…],
// "fixedMeals":true,"minimumDistanceInMeters":0}. Every team needs a position here (the optimiser itself would
// let a team without one keep its meal with legs of 0; a file for it is a mistake). Any error is one line.

const fileTeam = v.strictObject({
  id: v.pipe(v.string(), v.nonEmpty()),
  lat: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
  lng: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  meal: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

const routesFile = v.strictObject({
  meals: v.picklist([2, 3]),
  teams: v.array(fileTeam),
  fixedMeals: v.optional(v.boolean()),
  minimumDistanceInMeters: v.optional(v.pipe(v.number(), v.minValue(0))),
});

/** The optimiser's input from a parsed routes file; throws RoutesInputError with one clear line. */
export function routesInputOfFile(json: unknown): RoutesInput {
  const parsed = v.safeParse(routesFile, json);
  if (!parsed.success) throw new RoutesInputError(describe(parsed.issues[0], json));
  const file = parsed.output;
  const input: RoutesInput = {
    meals: file.meals,
    fixedMeals: file.fixedMeals ?? true,
    minimumDistanceInMeters: file.minimumDistanceInMeters ?? 0,
    teams: file.teams.map((team, i) => {
      if (!isLocated({ lat: team.lat, lng: team.lng }))
        throw new RoutesInputError(`teams[${i}] (${team.id}): missing coordinates (lat and lng, not -1)`);
      return { id: team.id, position: { lat: team.lat, lng: team.lng }, meal: team.meal };
    }),
  };
  routeProblem(input);
  return input;
}

function describe(issue: v.BaseIssue<unknown>, json: unknown): string {
  const path = issue.path ?? [];
  const where = path
    .map((item, k) => (typeof item.key === 'number' ? `[${item.key}]` : `${k === 0 ? '' : '.'}${String(item.key)}`))
    .join('');
  const teamIndex = path[0]?.key === 'teams' && typeof path[1]?.key === 'number' ? path[1].key : undefined;
  const teamId = teamIndex === undefined ? undefined : (json as { teams: { id?: unknown }[] }).teams[teamIndex]?.id;
  const label = `${where || 'the file'}${typeof teamId === 'string' && path.length > 2 ? ` (team ${teamId})` : ''}`;
  const key = path.length > 0 ? String(path[path.length - 1].key) : '';
  if (issue.type === 'strict_object' && issue.expected === 'never') return `${label}: unknown field "${key}"`;
  if ((key === 'lat' || key === 'lng') && (issue.received === 'undefined' || issue.received === 'null'))
    return `${label}: missing coordinates`;
  if (issue.type === 'strict_object' && issue.received === 'undefined') return `${label}: the field is missing`;
  return `${label}: ${issue.message}`;
}
