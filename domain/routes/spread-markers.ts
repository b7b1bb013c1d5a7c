// Markers on a map hide each other when their places are (nearly) the same: spread them on screen so that each can
// be seen and clicked. Screen points in pixels in, screen points out; the caller projects and unprojects.

export interface ScreenPoint {
  x: number;
  y: number;
}

/** Rounding of the circle's sine must not count as an overlap. */
const TOLERANCE = 1e-6;

/**
 * Markers spread around one place at most: more are a crowd seen from afar, which zooming in resolves, and a ring of
 * them would stand far from their places.
 */
export const MAX_SPREAD = 8;

/**
 * Points closer than `gap` to each other form a group, drawn on a circle around the group's middle in their given
 * order (clockwise from the top), neighbours `gap` apart; groups that then come closer than `gap` to another merge,
 * until no two points are closer than `gap` or a merge would make a group of more than MAX_SPREAD. A point that is
 * close to none stays where it is.
 */
export function spreadMarkers(points: readonly ScreenPoint[], gap: number): ScreenPoint[] {
  const group = points.map((_, i) => i);
  const placed = points.map(({ x, y }) => ({ x, y }));
  for (;;) {
    const merged = mergeOverlapping(placed, group, gap);
    if (merged.size === 0) return placed;
    for (const id of merged) placeOnCircle(points, placed, members(group, id), gap);
  }
}

const members = (group: readonly number[], id: number) => group.flatMap((g, i) => (g === id ? [i] : []));

/** Joins the groups of every two points closer than `gap`, up to MAX_SPREAD points each; answers the groups that grew. */
function mergeOverlapping(placed: readonly ScreenPoint[], group: number[], gap: number): Set<number> {
  const size = new Map<number, number>();
  for (const id of group) size.set(id, (size.get(id) ?? 0) + 1);
  const merged = new Set<number>();
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const [a, b] = [group[i], group[j]];
      if (a === b || size.get(a)! + size.get(b)! > MAX_SPREAD) continue;
      if (Math.hypot(placed[i].x - placed[j].x, placed[i].y - placed[j].y) >= gap - TOLERANCE) continue;
      const [keep, drop] = [Math.min(a, b), Math.max(a, b)];
      for (let k = 0; k < group.length; k++) if (group[k] === drop) group[k] = keep;
      size.set(keep, size.get(a)! + size.get(b)!);
      merged.delete(drop);
      merged.add(keep);
    }
  }
  return merged;
}

/** The members of a group on a circle around the middle of their own places, in index order, neighbours `gap` apart. */
function placeOnCircle(points: readonly ScreenPoint[], placed: ScreenPoint[], indices: number[], gap: number) {
  const k = indices.length;
  const cx = indices.reduce((sum, i) => sum + points[i].x, 0) / k;
  const cy = indices.reduce((sum, i) => sum + points[i].y, 0) / k;
  const radius = gap / (2 * Math.sin(Math.PI / k));
  indices.forEach((index, m) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * m) / k;
    placed[index] = { x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle) };
  });
}
