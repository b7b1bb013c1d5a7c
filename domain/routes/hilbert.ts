import type { LatLng } from './distance.js';

const ORDER = 16;
const SIDE = 1 << ORDER;

/**
 * The indices of the located positions in the order of a Hilbert curve over their bounding box: neighbours on the
 * curve are neighbours in space. Unknown positions are left out.
 */
export function hilbertOrder(positions: readonly (LatLng | null)[]): number[] {
  const located = positions.flatMap((p, i) => (p ? [i] : []));
  if (located.length === 0) return [];
  // Degrees of longitude shrink with the cosine of the latitude: project so that the curve follows real distances.
  const meanLat = located.reduce((sum, i) => sum + (positions[i] as LatLng).lat, 0) / located.length;
  const scale = Math.cos((meanLat * Math.PI) / 180);
  const xs = located.map((i) => (positions[i] as LatLng).lng * scale);
  const ys = located.map((i) => (positions[i] as LatLng).lat);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const span = Math.max(Math.max(...xs) - minX, Math.max(...ys) - minY) || 1;
  const cell = (value: number, min: number) => Math.min(SIDE - 1, Math.floor(((value - min) / span) * SIDE));
  const key = new Map(located.map((i, k) => [i, hilbertIndex(cell(xs[k], minX), cell(ys[k], minY))]));
  return located.sort((a, b) => (key.get(a) as number) - (key.get(b) as number) || a - b);
}

/** The distance along the Hilbert curve of cell (x, y) in a SIDE × SIDE grid. */
function hilbertIndex(x: number, y: number): number {
  let d = 0;
  for (let s = SIDE >> 1; s > 0; s >>= 1) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        x = SIDE - 1 - x;
        y = SIDE - 1 - y;
      }
      [x, y] = [y, x];
    }
  }
  return d;
}
