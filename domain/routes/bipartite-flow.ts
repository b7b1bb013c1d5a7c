// The cheapest b-regular simple bipartite graph between two sides of m nodes each: choose edges (i, j), each at most
// once, so that every node has exactly b of them, at the least total cost. It is a min-cost flow (source → left
// node, capacity b; left → right, capacity 1; right → sink, capacity b), integral, solved here by successive
// shortest paths: for each unit of supply, Dijkstra with node potentials from its left node to the nearest right
// node that still has room, which on a map stays local.
//
// Speed: the flow runs on candidate edges only (each node's `neighbours` cheapest partners, from both sides). The
// answer is then priced against every edge of the complete graph: an edge left out whose reduced cost is negative
// joins the candidates and the flow runs again. Whatever happens, the returned bound is the dual value of the
// final potentials over ALL m² edges (weak duality), so it is a valid lower bound even if the candidates were too
// few; `exact` says it equals the optimum (no edge left out prices negative).

export interface RegularBipartiteResult {
  /** A proven lower bound on the cost of every b-regular simple bipartite graph (the optimum when exact). */
  bound: number;
  /** The cost of the graph found (on the candidate edges). */
  cost: number;
  /** True when the graph found is optimal over all edges, so bound = cost up to rounding. */
  exact: boolean;
  /** The chosen edges as pairs: edges[2k] = left node, edges[2k + 1] = right node. */
  edges: Int32Array;
}

const EPS = 1e-9;
const PRICED_PER_ROUND = 4;

/** costs[i * m + j] = the cost of edge (left i, right j); every cost finite and ≥ 0. */
export function cheapestRegularBipartite(
  m: number,
  b: number,
  costs: Float64Array,
  neighbours = 24,
): RegularBipartiteResult {
  if (!(b >= 1 && b <= m)) throw new RangeError(`no ${b}-regular bipartite graph with ${m} nodes a side`);
  const candidate = new Uint8Array(m * m);
  markNearest(m, costs, candidate, Math.min(m, Math.max(neighbours, b + 2)));
  let best: Solved | undefined;
  for (let round = 0; round < 12; round++) {
    const solved = solveOnCandidates(m, b, costs, candidate);
    if (!solved) {
      // The candidates hold no b-regular graph: take every edge (always feasible).
      candidate.fill(1);
      continue;
    }
    best = solved;
    // Each left node's most negative left-out edges join the candidates (a few per round keep the graph sparse).
    let added = 0;
    const worst = new Int32Array(PRICED_PER_ROUND);
    const keys = new Float64Array(PRICED_PER_ROUND);
    for (let i = 0; i < m; i++) {
      let count = 0;
      for (let j = 0; j < m; j++) {
        const reduced = costs[i * m + j] + solved.pi[i] - solved.pi[m + j];
        if (candidate[i * m + j] === 0 && reduced < -EPS)
          count = insertCheapest(worst, keys, count, i * m + j, reduced);
      }
      for (let r = 0; r < count; r++) candidate[worst[r]] = 1;
      added += count;
    }
    if (added === 0)
      return { bound: dualBound(m, b, costs, solved.pi), cost: solved.cost, exact: true, edges: solved.edges };
  }
  if (!best) throw new Error('the min-cost flow found no regular graph on the complete bipartite graph');
  return { bound: dualBound(m, b, costs, best.pi), cost: best.cost, exact: false, edges: best.edges };
}

/** Marks, for every node of either side, its k cheapest edges. */
function markNearest(m: number, costs: Float64Array, candidate: Uint8Array, k: number): void {
  const best = new Int32Array(k);
  const keys = new Float64Array(k);
  for (const rows of [true, false]) {
    for (let x = 0; x < m; x++) {
      let count = 0;
      for (let y = 0; y < m; y++) {
        const e = rows ? x * m + y : y * m + x;
        count = insertCheapest(best, keys, count, e, costs[e]);
      }
      for (let r = 0; r < count; r++) candidate[best[r]] = 1;
    }
  }
}

/** Keeps the `best.length` cheapest items seen in best/keys (sorted by key); returns the new count. */
function insertCheapest(best: Int32Array, keys: Float64Array, count: number, item: number, key: number): number {
  const k = best.length;
  if (count === k && key >= keys[k - 1]) return count;
  let r = count < k ? count++ : k - 1;
  while (r > 0 && keys[r - 1] > key) {
    keys[r] = keys[r - 1];
    best[r] = best[r - 1];
    r--;
  }
  keys[r] = key;
  best[r] = item;
  return count;
}

/**
 * The dual value of node potentials over every edge: with u_i = −π_i, v_j = π_j, b·Σu + b·Σv − Σ max(0, u_i + v_j − c_ij)
 * is at most the cost of every b-regular graph (Lagrange: each x_ij ∈ [0, 1], every degree b).
 */
function dualBound(m: number, b: number, costs: Float64Array, pi: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < m; i++) sum -= b * pi[i];
  for (let j = 0; j < m; j++) sum += b * pi[m + j];
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) {
      const excess = -pi[i] + pi[m + j] - costs[i * m + j];
      if (excess > 0) sum -= excess;
    }
  }
  return sum;
}

interface Solved {
  cost: number;
  /** Node potentials: left i at i, right j at m + j. */
  pi: Float64Array;
  edges: Int32Array;
}

function solveOnCandidates(m: number, b: number, costs: Float64Array, candidate: Uint8Array): Solved | undefined {
  // Nodes: left i at i, right j at m + j. Arc 2e is left → right (capacity 1), arc 2e + 1 its reverse.
  const nodes = 2 * m;
  let edgeCount = 0;
  for (let e = 0; e < m * m; e++) edgeCount += candidate[e];
  const arcs = 2 * edgeCount;
  const to = new Int32Array(arcs);
  const cap = new Int32Array(arcs);
  const cost = new Float64Array(arcs);
  const next = new Int32Array(arcs);
  const head = new Int32Array(nodes).fill(-1);
  let count = 0;
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) {
      if (!candidate[i * m + j]) continue;
      const c = costs[i * m + j];
      to[count] = m + j;
      cap[count] = 1;
      cost[count] = c;
      next[count] = head[i];
      head[i] = count++;
      to[count] = i;
      cap[count] = 0;
      cost[count] = -c;
      next[count] = head[m + j];
      head[m + j] = count++;
    }
  }

  // Successive shortest paths from each unit of supply (b at every left node) to the nearest right node still short
  // of b edges. Reduced costs c + π(u) − π(v) stay ≥ 0 on every residual arc: after each Dijkstra, stopped at the
  // first right node with room (distance D), π(v) grows by min(dist(v), D).
  const pi = new Float64Array(nodes);
  const dist = new Float64Array(nodes).fill(Number.POSITIVE_INFINITY);
  const predArc = new Int32Array(nodes);
  const settled = new Uint8Array(nodes);
  const degree = new Int32Array(m);
  const touched = new Int32Array(nodes);
  const heap = new MinHeap(arcs + nodes);
  for (let i = 0; i < m; i++) {
    for (let unit = 0; unit < b; unit++) {
      let touchedCount = 0;
      heap.clear();
      dist[i] = 0;
      touched[touchedCount++] = i;
      heap.push(0, i);
      let end = -1;
      while (heap.size > 0) {
        const u = heap.popNode();
        if (settled[u]) continue;
        settled[u] = 1;
        if (u >= m && degree[u - m] < b) {
          end = u;
          break;
        }
        const du = dist[u];
        for (let a = head[u]; a !== -1; a = next[a]) {
          if (cap[a] === 0) continue;
          const v = to[a];
          if (settled[v]) continue;
          const dv = du + Math.max(0, cost[a] + pi[u] - pi[v]);
          if (dv < dist[v]) {
            if (dist[v] === Number.POSITIVE_INFINITY) touched[touchedCount++] = v;
            dist[v] = dv;
            predArc[v] = a;
            heap.push(dv, v);
          }
        }
      }
      if (end < 0) return undefined;
      // π(v) += min(dist(v), D) for all v, less D for all (the same for every node changes no reduced cost): the
      // settled nodes go down by D − dist(v).
      const reach = dist[end];
      for (let r = 0; r < touchedCount; r++) {
        const v = touched[r];
        if (settled[v]) pi[v] -= reach - dist[v];
      }
      for (let v = end; v !== i; v = to[predArc[v] ^ 1]) {
        cap[predArc[v]] -= 1;
        cap[predArc[v] ^ 1] += 1;
      }
      degree[end - m]++;
      for (let r = 0; r < touchedCount; r++) {
        const v = touched[r];
        dist[v] = Number.POSITIVE_INFINITY;
        settled[v] = 0;
      }
    }
  }
  const edges = new Int32Array(2 * b * m);
  let total = 0;
  let k = 0;
  for (let a = 0; a < arcs; a += 2) {
    if (cap[a] === 0) {
      edges[k++] = to[a + 1];
      edges[k++] = to[a] - m;
      total += cost[a];
    }
  }
  return { cost: total, pi, edges };
}

/** A binary min-heap of (key, node) with lazy deletion. */
class MinHeap {
  private keys: Float64Array;
  private nodes: Int32Array;
  size = 0;
  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.nodes = new Int32Array(capacity);
  }
  clear(): void {
    this.size = 0;
  }
  push(key: number, node: number): void {
    if (this.size === this.keys.length) this.grow();
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent] <= key) break;
      this.keys[i] = this.keys[parent];
      this.nodes[i] = this.nodes[parent];
      i = parent;
    }
    this.keys[i] = key;
    this.nodes[i] = node;
  }
  popNode(): number {
    const top = this.nodes[0];
    const last = --this.size;
    const key = this.keys[last];
    const node = this.nodes[last];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (child + 1 < last && this.keys[child + 1] < this.keys[child]) child++;
      if (this.keys[child] >= key) break;
      this.keys[i] = this.keys[child];
      this.nodes[i] = this.nodes[child];
      i = child;
    }
    this.keys[i] = key;
    this.nodes[i] = node;
    return top;
  }
  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    const nodes = new Int32Array(this.nodes.length * 2);
    keys.set(this.keys);
    nodes.set(this.nodes);
    this.keys = keys;
    this.nodes = nodes;
  }
}
