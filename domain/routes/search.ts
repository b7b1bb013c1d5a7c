import type { Rng } from '../teams/rng.js';

// The simulated annealing of ALGORITHMS.md, on "slots": a slot is a place in the meeting structure (which slot
// eats at which slot's home at each meal), and each slot holds one team. Slots s of class c = floor(s / m) host
// meal c. Three moves, each with an O(1) change of cost:
//   - swap the teams of two slots (a team and one of its nearest neighbours): the structure stays, so meet-once
//     stays; across classes it changes who hosts which meal (only when meals are free, never for a locked team);
//   - swap two guests of the same meal between two nearby hosts: refused when it would make two teams meet twice
//     (a lookup in the slots' meet-count matrix per new table mate);
//   - rotate three guests of the same meal among three nearby hosts (feasible where swaps are not);
//   - with 3 meals, swap the guest pairs of two nearby hosts of the same meal (likewise).
// Geometric cooling from t0 to t1 over the budget (time or iterations); the best schedule is kept at the end of
// every batch of moves.

/** Which slot eats where, and which team stands in which slot. */
export interface Schedule {
  meals: number;
  n: number;
  /** Slots per class (n / meals). */
  m: number;
  /** slotHost[s * meals + t]: the slot at whose home slot s eats meal t (s itself at its class). */
  slotHost: Int32Array;
  /** guests[h * (meals - 1) + k]: the slots eating at slot h's home at h's meal. */
  guests: Int32Array;
  /** teamAt[s]: the team in slot s; slotOf is its inverse. */
  teamAt: Int32Array;
  slotOf: Int32Array;
}

/** The schedule of routes in team space (routes[i * meals + t] = host of team i at meal t, meal[i] = its class). */
export function scheduleOfRoutes(meals: number, meal: Int32Array, routes: Int32Array): Schedule {
  const n = meal.length;
  const m = n / meals;
  const teamAt = new Int32Array(n);
  const slotOf = new Int32Array(n);
  const filled = new Int32Array(meals);
  for (let i = 0; i < n; i++) {
    const slot = meal[i] * m + filled[meal[i]]++;
    teamAt[slot] = i;
    slotOf[i] = slot;
  }
  const slotHost = new Int32Array(n * meals);
  const guests = new Int32Array(n * (meals - 1));
  const guestCount = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    for (let t = 0; t < meals; t++) {
      const host = slotOf[routes[teamAt[s] * meals + t]];
      slotHost[s * meals + t] = host;
      if (host !== s) guests[host * (meals - 1) + guestCount[host]++] = s;
    }
  }
  return { meals, n, m, slotHost, guests, teamAt, slotOf };
}

/** Routes and hosted meals in team space from a schedule. */
export function routesOfSchedule(schedule: Schedule): { meal: Int32Array; routes: Int32Array } {
  const { meals, n, m, slotHost, teamAt, slotOf } = schedule;
  const meal = new Int32Array(n);
  const routes = new Int32Array(n * meals);
  for (let i = 0; i < n; i++) {
    const s = slotOf[i];
    meal[i] = Math.floor(s / m);
    for (let t = 0; t < meals; t++) routes[i * meals + t] = teamAt[slotHost[s * meals + t]];
  }
  return { meal, routes };
}

function copySchedule(from: Schedule, to?: Schedule): Schedule {
  if (!to)
    return {
      ...from,
      slotHost: from.slotHost.slice(),
      guests: from.guests.slice(),
      teamAt: from.teamAt.slice(),
      slotOf: from.slotOf.slice(),
    };
  to.slotHost.set(from.slotHost);
  to.guests.set(from.guests);
  to.teamAt.set(from.teamAt);
  to.slotOf.set(from.slotOf);
  return to;
}

/** Nearest located teams: lists[(c * n + a) * k + r] for r < counts[c * n + a], c a class (byClass) or 0. */
export interface Neighbours {
  k: number;
  byClass: boolean;
  lists: Int32Array;
  counts: Int32Array;
}

/**
 * Pairs of teams closer than the minimum distance: for team a, team[start[a]..start[a + 1]) and what the pair costs
 * (times weight) when both host the same meal.
 */
export interface ClosePairs {
  weight: number;
  start: Int32Array;
  team: Int32Array;
  penalty: Float64Array;
}

export interface SearchParams {
  /** cost[i * n + j]: the cost of a leg from team i's home to team j's (metres, plus any penalty). */
  cost: Float64Array;
  fixedMeals: boolean;
  /** Teams that keep the meal they host even when meals are free (unknown positions). */
  locked: Uint8Array;
  neighbours: Neighbours;
  closePairs?: ClosePairs;
  rng: Rng;
  /** Start and end temperature (metres). */
  t0: number;
  t1: number;
  iterations?: number;
  /** Milliseconds of search (used when iterations is not given). */
  durationMs?: number;
  now: () => number;
  isCancelled?: () => boolean;
  /** Called about every tickMs with the best schedule so far and its cost. */
  onTick?: (best: Schedule, bestCost: number) => void;
  tickMs?: number;
}

export interface SearchOutcome {
  best: Schedule;
  bestCost: number;
  iterations: number;
  accepted: number;
  cancelled: boolean;
}

const BATCH = 2048;

/** The cost of a schedule: every slot's legs, plus the weighted penalty of same-meal host pairs closer than the minimum. */
export function scheduleCost(schedule: Schedule, cost: Float64Array, closePairs?: ClosePairs): number {
  const { meals, n, m, slotHost, teamAt, slotOf } = schedule;
  let total = 0;
  for (let s = 0; s < n; s++) {
    for (let t = 0; t + 1 < meals; t++)
      total += cost[teamAt[slotHost[s * meals + t]] * n + teamAt[slotHost[s * meals + t + 1]]];
  }
  if (closePairs) {
    let penalty = 0;
    for (let a = 0; a < n; a++) {
      for (let r = closePairs.start[a]; r < closePairs.start[a + 1]; r++) {
        const b = closePairs.team[r];
        if (Math.floor(slotOf[a] / m) === Math.floor(slotOf[b] / m)) penalty += closePairs.penalty[r];
      }
    }
    // Each pair is listed from both sides.
    total += (closePairs.weight * penalty) / 2;
  }
  return total;
}

/** Anneals the schedule in place and returns the best schedule seen (a copy). */
export function anneal(schedule: Schedule, params: SearchParams): SearchOutcome {
  const { meals, n, m, slotHost, guests, teamAt, slotOf } = schedule;
  const { cost, fixedMeals, locked, rng, t0, t1, now } = params;
  const { k, byClass, lists, counts } = params.neighbours;
  const close = params.closePairs;
  const g = meals - 1;
  const slotClass = new Int32Array(n);
  for (let s = 0; s < n; s++) slotClass[s] = Math.floor(s / m);
  const meet = new Uint8Array(n * n);
  for (let h = 0; h < n; h++) {
    const table = [h, ...guests.subarray(h * g, h * g + g)];
    for (const a of table) for (const b of table) if (a !== b) meet[a * n + b]++;
  }

  const routeCost = (s: number): number => {
    let c = 0;
    let prev = teamAt[slotHost[s * meals]];
    for (let t = 1; t < meals; t++) {
      const here = teamAt[slotHost[s * meals + t]];
      c += cost[prev * n + here];
      prev = here;
    }
    return c;
  };
  /** The change of slot s's legs when it eats meal t at newHost instead of oldHost. */
  const moveCost = (s: number, t: number, oldHost: number, newHost: number): number => {
    const before = teamAt[oldHost];
    const after = teamAt[newHost];
    let d = 0;
    if (t > 0) {
      const prev = teamAt[slotHost[s * meals + t - 1]];
      d += cost[prev * n + after] - cost[prev * n + before];
    }
    if (t + 1 < meals) {
      const next = teamAt[slotHost[s * meals + t + 1]];
      d += cost[after * n + next] - cost[before * n + next];
    }
    return d;
  };
  /** The close-pair penalty of team a towards the teams of class c (other than `except`). */
  const penaltyTo = (a: number, c: number, except: number): number => {
    if (!close) return 0;
    let sum = 0;
    for (let r = close.start[a]; r < close.start[a + 1]; r++) {
      const b = close.team[r];
      if (b !== except && slotClass[slotOf[b]] === c) sum += close.penalty[r];
    }
    return sum;
  };
  /** A random nearby host slot of meal t around the team of slot `anchor` (any host of meal t if none is near). */
  const nearbyHost = (t: number, anchor: number): number => {
    const a = teamAt[anchor];
    const list = byClass ? t * n + a : a;
    const count = counts[list];
    if (count > 0) {
      // With meals free the list holds teams of every meal: the first of meal t from a random entry on.
      const from = rng.int(count);
      for (let r = 0; r < count; r++) {
        const slot = slotOf[lists[list * k + ((from + r) % count)]];
        if (slotClass[slot] === t) return slot;
      }
    }
    return t * m + rng.int(m);
  };

  let current = scheduleCost(schedule, cost, close);
  const best = copySchedule(schedule);
  let bestCost = current;
  /** Counts (delta 1) or uncounts (-1) the meetings of slot s at host h's table with h and the other guest o (-1: none). */
  const meetAt = (s: number, h: number, o: number, delta: number) => {
    meet[s * n + h] += delta;
    meet[h * n + s] += delta;
    if (o >= 0) {
      meet[s * n + o] += delta;
      meet[o * n + s] += delta;
    }
  };
  /** The slots whose routes a swap of two slots' teams changes (each once). */
  const aff = new Int32Array(2 * meals);
  let na = 0;
  const addAffected = (s: number) => {
    for (let r = 0; r < na; r++) if (aff[r] === s) return;
    aff[na++] = s;
  };
  const startedAt = now();
  const durationMs = params.durationMs ?? Number.POSITIVE_INFINITY;
  const tickMs = params.tickMs ?? 250;
  let lastTick = startedAt;
  let iterations = 0;
  let accepted = 0;
  let cancelled = false;
  const ratio = t1 / t0;

  for (;;) {
    const elapsed = now() - startedAt;
    const frac = params.iterations !== undefined ? iterations / params.iterations : elapsed / durationMs;
    if (frac >= 1) break;
    if (params.isCancelled?.()) {
      cancelled = true;
      break;
    }
    const invT = 1 / (t0 * ratio ** frac);
    for (let it = 0; it < BATCH; it++) {
      const kind = rng.next();
      if (kind < 0.4) {
        // Swap the teams of two slots.
        const a = rng.int(n);
        const p = slotOf[a];
        const cp = slotClass[p];
        const list = byClass ? cp * n + a : a;
        const count = counts[list];
        const b = count === 0 || locked[a] ? teamAt[cp * m + rng.int(m)] : lists[list * k + rng.int(count)];
        if (b === a) continue;
        const q = slotOf[b];
        const cq = slotClass[q];
        if (cp !== cq && (fixedMeals || locked[a] || locked[b])) continue;
        na = 0;
        aff[na++] = p;
        for (let r = 0; r < g; r++) aff[na++] = guests[p * g + r];
        addAffected(q);
        for (let r = 0; r < g; r++) addAffected(guests[q * g + r]);
        let before = 0;
        for (let r = 0; r < na; r++) before += routeCost(aff[r]);
        teamAt[p] = b;
        teamAt[q] = a;
        let after = 0;
        for (let r = 0; r < na; r++) after += routeCost(aff[r]);
        let delta = after - before;
        if (close && cp !== cq) {
          // Class lookups go through slotOf, which still has a in p and b in q.
          delta +=
            close.weight * (penaltyTo(a, cq, b) + penaltyTo(b, cp, a) - penaltyTo(a, cp, a) - penaltyTo(b, cq, b));
        }
        if (delta <= 0 || rng.next() < Math.exp(-delta * invT)) {
          slotOf[a] = q;
          slotOf[b] = p;
          current += delta;
          accepted++;
        } else {
          teamAt[p] = a;
          teamAt[q] = b;
        }
      } else if (kind >= 0.7 && kind < 0.85) {
        // Rotate three guests of the same meal among three hosts: g1 to h2, g2 to h3, g3 to h1.
        const g1 = rng.int(n);
        const c1 = slotClass[g1];
        const t = meals === 2 ? 1 - c1 : (c1 + 1 + rng.int(2)) % 3;
        const h1 = slotHost[g1 * meals + t];
        const h2 = nearbyHost(t, h1);
        const h3 = nearbyHost(t, rng.next() < 0.5 ? h1 : h2);
        if (h2 === h1 || h3 === h1 || h3 === h2) continue;
        const k1 = g === 1 || guests[h1 * g] === g1 ? 0 : 1;
        const k2 = g === 1 ? 0 : rng.int(g);
        const k3 = g === 1 ? 0 : rng.int(g);
        const g2 = guests[h2 * g + k2];
        const g3 = guests[h3 * g + k3];
        if (meet[g1 * n + h2] || meet[g2 * n + h3] || meet[g3 * n + h1]) continue;
        const o1 = g === 2 ? guests[h1 * g + 1 - k1] : -1;
        const o2 = g === 2 ? guests[h2 * g + 1 - k2] : -1;
        const o3 = g === 2 ? guests[h3 * g + 1 - k3] : -1;
        if (g === 2 && (meet[g1 * n + o2] || meet[g2 * n + o3] || meet[g3 * n + o1])) continue;
        const delta = moveCost(g1, t, h1, h2) + moveCost(g2, t, h2, h3) + moveCost(g3, t, h3, h1);
        if (delta <= 0 || rng.next() < Math.exp(-delta * invT)) {
          slotHost[g1 * meals + t] = h2;
          slotHost[g2 * meals + t] = h3;
          slotHost[g3 * meals + t] = h1;
          guests[h2 * g + k2] = g1;
          guests[h3 * g + k3] = g2;
          guests[h1 * g + k1] = g3;
          meetAt(g1, h1, o1, -1);
          meetAt(g2, h2, o2, -1);
          meetAt(g3, h3, o3, -1);
          meetAt(g1, h2, o2, 1);
          meetAt(g2, h3, o3, 1);
          meetAt(g3, h1, o1, 1);
          current += delta;
          accepted++;
        }
      } else if (kind < 0.85 || meals === 2) {
        // Swap two guests of the same meal between two hosts.
        const g1 = rng.int(n);
        const c1 = slotClass[g1];
        const t = meals === 2 ? 1 - c1 : (c1 + 1 + rng.int(2)) % 3;
        const h1 = slotHost[g1 * meals + t];
        const anchor =
          rng.next() < 0.5 ? h1 : slotHost[g1 * meals + ((t + 1 + (meals === 3 ? rng.int(2) : 0)) % meals)];
        const h2 = nearbyHost(t, anchor);
        if (h2 === h1) continue;
        const k2 = g === 1 ? 0 : rng.int(g);
        const g2 = guests[h2 * g + k2];
        if (meet[g1 * n + h2] || meet[g2 * n + h1]) continue;
        const k1 = guests[h1 * g] === g1 ? 0 : 1;
        let o1 = -1;
        let o2 = -1;
        if (g === 2) {
          o1 = guests[h1 * g + 1 - k1];
          o2 = guests[h2 * g + 1 - k2];
          if (meet[g1 * n + o2] || meet[g2 * n + o1]) continue;
        }
        const delta = moveCost(g1, t, h1, h2) + moveCost(g2, t, h2, h1);
        if (delta <= 0 || rng.next() < Math.exp(-delta * invT)) {
          slotHost[g1 * meals + t] = h2;
          slotHost[g2 * meals + t] = h1;
          guests[h1 * g + k1] = g2;
          guests[h2 * g + k2] = g1;
          meet[g1 * n + h1]--;
          meet[h1 * n + g1]--;
          meet[g2 * n + h2]--;
          meet[h2 * n + g2]--;
          meet[g1 * n + h2]++;
          meet[h2 * n + g1]++;
          meet[g2 * n + h1]++;
          meet[h1 * n + g2]++;
          if (g === 2) {
            meet[g1 * n + o1]--;
            meet[o1 * n + g1]--;
            meet[g2 * n + o2]--;
            meet[o2 * n + g2]--;
            meet[g1 * n + o2]++;
            meet[o2 * n + g1]++;
            meet[g2 * n + o1]++;
            meet[o1 * n + g2]++;
          }
          current += delta;
          accepted++;
        }
      } else {
        // Swap the guest pairs of two hosts of the same meal (3 meals).
        const t = rng.int(3);
        const h1 = t * m + rng.int(m);
        const h2 = nearbyHost(t, h1);
        if (h2 === h1) continue;
        const a1 = guests[h1 * 2];
        const b1 = guests[h1 * 2 + 1];
        const a2 = guests[h2 * 2];
        const b2 = guests[h2 * 2 + 1];
        if (meet[a1 * n + h2] || meet[b1 * n + h2] || meet[a2 * n + h1] || meet[b2 * n + h1]) continue;
        const delta =
          moveCost(a1, t, h1, h2) + moveCost(b1, t, h1, h2) + moveCost(a2, t, h2, h1) + moveCost(b2, t, h2, h1);
        if (delta <= 0 || rng.next() < Math.exp(-delta * invT)) {
          for (const s of [a1, b1]) {
            slotHost[s * meals + t] = h2;
            meet[s * n + h1]--;
            meet[h1 * n + s]--;
            meet[s * n + h2]++;
            meet[h2 * n + s]++;
          }
          for (const s of [a2, b2]) {
            slotHost[s * meals + t] = h1;
            meet[s * n + h2]--;
            meet[h2 * n + s]--;
            meet[s * n + h1]++;
            meet[h1 * n + s]++;
          }
          guests[h1 * 2] = a2;
          guests[h1 * 2 + 1] = b2;
          guests[h2 * 2] = a1;
          guests[h2 * 2 + 1] = b1;
          current += delta;
          accepted++;
        }
      }
    }
    iterations += BATCH;
    if (current < bestCost - 1e-9) {
      // Rounding drifts over millions of deltas: settle the cost exactly before it becomes the best.
      current = scheduleCost(schedule, cost, close);
      if (current < bestCost - 1e-9) {
        copySchedule(schedule, best);
        bestCost = current;
      }
    }
    const time = now();
    if (params.onTick && time - lastTick >= tickMs) {
      lastTick = time;
      params.onTick(best, bestCost);
    }
  }
  return { best, bestCost, iterations, accepted, cancelled };
}
