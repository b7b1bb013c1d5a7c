import type { LatLng } from './distance.js';
import { cheapestRegularBipartite } from './bipartite-flow.js';
import { legMeters } from './routes.js';

/**
 * The lower bound "given the host split" (ALGORITHMS.md): under meet-once the legs meal t → t+1 of all teams form
 * a simple `meals`-regular bipartite graph between the hosts of meal t and those of meal t+1 (each table seats
 * `meals` teams, and two teams on the same pair of tables would meet twice). The cheapest such graph for each
 * consecutive pair of meals, summed, is at most the total length of every valid plan with these hosts.
 * `hostsOf[t]` lists the teams hosting meal t. Valid for every split; with meals free it bounds only plans with
 * this split, not the plans of other splits.
 */
export function splitLowerBound(meals: number, positions: readonly (LatLng | null)[], hostsOf: readonly (readonly number[])[]): { meters: number; exact: boolean } {
  let meters = 0;
  let exact = true;
  for (let t = 0; t + 1 < meals; t++) {
    const left = hostsOf[t];
    const right = hostsOf[t + 1];
    const m = left.length;
    if (right.length !== m) throw new RangeError('every meal needs as many hosts');
    const costs = new Float64Array(m * m);
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) costs[i * m + j] = legMeters(positions[left[i]], positions[right[j]]);
    const result = cheapestRegularBipartite(m, meals, costs);
    meters += result.bound;
    exact &&= result.exact;
  }
  return { meters, exact };
}
