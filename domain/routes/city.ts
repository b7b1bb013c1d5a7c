import { createRng } from '../teams/rng.js';
import type { RouteTeam } from './routes.js';

// Synthetic dinners for the benchmark and the tests: teams in several dense neighbourhoods (Gaussian, σ 400–900 m)
// of a city about 8 × 8 km around Freiburg's centre, or spread uniformly over it. Same seed, same city.

const CENTRE = { lat: 47.995, lng: 7.85 };
const METRES_PER_DEGREE = 111_195;

export interface CityOptions {
  /** Number of neighbourhoods (default 7); 0 = uniform over the whole area. */
  neighbourhoods?: number;
  /** Side of the square area in metres (default 8,000). */
  sideMeters?: number;
}

/** `count` teams t1…tN, hosting meal 0, 1, … in turn (team i hosts meal i mod meals), with positions from the seed. */
export function cityTeams(count: number, meals: number, seed: number, options: CityOptions = {}): RouteTeam[] {
  const rng = createRng(seed);
  const side = options.sideMeters ?? 8_000;
  const half = side / 2;
  const clusters = Array.from({ length: options.neighbourhoods ?? 7 }, () => ({
    x: (rng.next() - 0.5) * (side - 2_000),
    y: (rng.next() - 0.5) * (side - 2_000),
    sigma: 400 + rng.next() * 500,
    weight: 0.5 + rng.next(),
  }));
  const totalWeight = clusters.reduce((sum, c) => sum + c.weight, 0);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const clamp = (v: number) => Math.max(-half, Math.min(half, v));
  return Array.from({ length: count }, (_, i) => {
    let x: number;
    let y: number;
    if (clusters.length === 0) {
      x = (rng.next() - 0.5) * side;
      y = (rng.next() - 0.5) * side;
    } else {
      let pick = rng.next() * totalWeight;
      let cluster = clusters[clusters.length - 1];
      for (const c of clusters) {
        pick -= c.weight;
        if (pick < 0) {
          cluster = c;
          break;
        }
      }
      x = clamp(cluster.x + gaussian() * cluster.sigma);
      y = clamp(cluster.y + gaussian() * cluster.sigma);
    }
    const lat = CENTRE.lat + y / METRES_PER_DEGREE;
    const lng = CENTRE.lng + x / (METRES_PER_DEGREE * Math.cos((CENTRE.lat * Math.PI) / 180));
    return { id: `t${i + 1}`, position: { lat, lng }, meal: i % meals };
  });
}
