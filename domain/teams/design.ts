import type { PlannedTeam, Visit } from './plan.types.js';

// The cyclic meet-once design (ALGORITHMS.md). The teams hosting meal t form class t, indexed by position
// 0..m-1. With 3 meals a table at meal t holds (A_x, B_(x+s_t), C_(x+u_t)) mod m: the differences between two
// classes differ from meal to meal (A–B: s, A–C: u, B–C: u−s = 0, 1, −1), so no two teams meet twice once
// m ≥ 3. With 2 meals host A_x receives B_x at meal 0 and host B_y receives A_(y−1) at meal 1: differences 0
// and 1, distinct once m ≥ 2. The structure only depends on places, never on which team stands where, so
// swapping two teams' places cannot create a repeated meeting.

export type DesignPlace = Pick<PlannedTeam, 'teamNumber' | 'meal' | 'position' | 'status'>;

/** Offsets of class B and class C at each meal, for 3 meals. */
const THREE_MEAL_OFFSETS = { b: [0, 1, 2], c: [0, 2, 1] } as const;

/** The class offsets of every meal: offsets[meal][class] is that class's index shift at the meal's tables. */
export function designOffsets(meals: number, cOffsets: readonly number[] = THREE_MEAL_OFFSETS.c): number[][] {
  if (meals === 2)
    return [
      [0, 0],
      [-1, 0],
    ];
  if (meals === 3) return [0, 1, 2].map((t) => [0, THREE_MEAL_OFFSETS.b[t], cOffsets[t]]);
  throw new Error(`no meet-once design for ${meals} meals`);
}

/** The teams of each class ordered by position; throws when the places do not form a full design. */
export function classesOf<T extends DesignPlace>(teams: readonly T[], meals: number): T[][] {
  const classes: T[][] = Array.from({ length: meals }, () => []);
  for (const team of teams) {
    if (!(team.meal >= 0 && team.meal < meals)) throw new Error(`team ${team.teamNumber} has no meal of the design`);
    classes[team.meal].push(team);
  }
  const size = teams.length / meals;
  for (const members of classes) {
    members.sort((a, b) => a.position - b.position);
    if (members.length !== size || members.some((team, index) => team.position !== index)) {
      throw new Error('the teams do not fill every meal with the same number of places 0..m-1');
    }
  }
  return classes;
}

/**
 * Every guest visit of the cyclic meet-once design: each team hosts its meal (its class) and visits one host
 * per other meal; no two teams meet twice. Cancelled teams keep their place and appear like the others.
 */
export function meetOnceVisits(teams: readonly DesignPlace[], meals: number): Visit[] {
  return visitsOfDesign(classesOf(teams, meals), designOffsets(meals));
}

/** The visits of a design with the given offsets (exported so a test can show what bad offsets do). */
export function visitsOfDesign(classes: readonly DesignPlace[][], offsets: readonly number[][]): Visit[] {
  const m = classes[0]?.length ?? 0;
  const at = (cls: number, index: number) => classes[cls][((index % m) + m) % m];
  const visits: Visit[] = [];
  offsets.forEach((shift, meal) => {
    for (let x = 0; x < m; x++) {
      const host = at(meal, x + shift[meal]);
      shift.forEach((guestShift, cls) => {
        if (cls !== meal)
          visits.push({ meal, hostTeamNumber: host.teamNumber, guestTeamNumber: at(cls, x + guestShift).teamNumber });
      });
    }
  });
  return visits;
}
