import { cheapestRegularBipartite } from './bipartite-flow.js';
import type { LatLng } from './distance.js';
import { legMeters } from './routes.js';

/**
 * The lower bound "given the host split" (ALGORITHMS.md): under meet-once the legs meal t → t+1 of all teams form
 * a simple `meals`-regular bipartite graph between the hosts of meal t and those of meal t+1 (each table seats
 * `meals` teams, and two teams on the same pair of tables would meet twice). The cheapest such graph for each
 * consecutive pair of meals, summed, is at most the total length of every valid plan with these hosts.
 * `hostsOf[t]` lists the teams hosting meal t. Valid for every split; with meals free it bounds only plans with
 * this split, not the plans of other splits.
 */
export function splitLowerBound(
  meals: number,
  positions: readonly (LatLng | null)[],
  hostsOf: readonly (readonly number[])[],
): { meters: number; exact: boolean } {
  let meters = 0;
  let exact = true;
  for (let t = 0; t + 1 < meals; t++) {
    const left = hostsOf[t];
    const right = hostsOf[t + 1];
    const m = left.length;
    if (right.length !== m) throw new RangeError('every meal needs as many hosts');
    const costs = new Float64Array(m * m);
    for (let i = 0; i < m; i++)
      for (let j = 0; j < m; j++) costs[i * m + j] = legMeters(positions[left[i]], positions[right[j]]);
    const result = cheapestRegularBipartite(m, meals, costs);
    meters += result.bound;
    exact &&= result.exact;
  }
  return { meters, exact };
}

/**
 * A lower bound for every split at once (weaker: about two thirds of the optimum on a city). Every team's legs go to
 * distinct other teams (two teams sharing two legs would meet twice), and a team has `meals` legs ending at its
 * place per neighbouring meal: with 3 meals the hosts of the middle meal have 6, the others 3; with 2 meals every
 * team has 2. Half the sum of each team's that-many shortest distances is therefore at most the total, and the
 * split that makes it smallest puts the n/3 teams whose 4th to 6th shortest distances add least in the middle.
 * `distance(i, j)` is the leg between teams i and j.
 */
export function anySplitLowerBound(meals: number, n: number, distance: (i: number, j: number) => number): number {
  const most = meals === 3 ? 6 : 2;
  const nearest = new Float64Array(most);
  let sum = 0;
  const extra: number[] = [];
  for (let i = 0; i < n; i++) {
    let count = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const d = distance(i, j);
      if (count === most && d >= nearest[most - 1]) continue;
      let r = count < most ? count++ : most - 1;
      while (r > 0 && nearest[r - 1] > d) {
        nearest[r] = nearest[r - 1];
        r--;
      }
      nearest[r] = d;
    }
    const base = meals === 3 ? 3 : 2;
    for (let r = 0; r < base; r++) sum += nearest[r];
    if (meals === 3) extra.push(nearest[3] + nearest[4] + nearest[5]);
  }
  extra.sort((a, b) => a - b);
  for (let r = 0; r < extra.length && r < n / 3; r++) sum += extra[r];
  return sum / 2;
}
