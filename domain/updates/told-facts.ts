// What a team mail or a dinner-route mail tells a participant, as plain facts: what they were told is kept, what is
// true now is computed the same way, and the difference is what an update has to tell them.

/** The own team: whom one cooks with, which course at what time, and at whose address. */
export interface TeamFacts {
  partner: string;
  meal: string;
  time: string;
  host: string;
  place: string;
}

/** One course of the evening: who hosts it (`own`: the team itself), where and when; a cancelled host has no place. */
export interface CourseFacts {
  meal: string;
  time: string;
  hosts: string;
  place: string;
  own: boolean;
  cancelled: boolean;
}

export interface RouteFacts {
  courses: CourseFacts[];
  afterParty: string;
}

export interface Facts {
  team: TeamFacts | null;
  route: RouteFacts | null;
}

export interface FactsPerson {
  id: string;
  name: string;
  address: string;
  teamId: string | null;
}

export interface FactsTeam {
  id: string;
  mealId: string;
  hostId: string | null;
  cancelled: boolean;
}

export interface FactsMeal {
  id: string;
  label: string;
  /** A local date-time, `YYYY-MM-DDTHH:MM`. */
  time: string;
}

export interface FactsVisit {
  mealId: string;
  hostTeamId: string;
  guestTeamId: string;
}

/** A dinner as the facts are read from it; `afterParty` is its line as told (empty without one). */
export interface DinnerFacts {
  people: readonly FactsPerson[];
  teams: readonly FactsTeam[];
  meals: readonly FactsMeal[];
  visits: readonly FactsVisit[];
  afterParty: string;
}

const clockTime = (localDateTime: string) => localDateTime.slice(11, 16);

/** Names in a stable order: the order rows come in is no change. */
const namesOf = (people: readonly FactsPerson[]) =>
  people
    .map((p) => p.name)
    .sort((a, b) => a.localeCompare(b))
    .join(', ');

function teamFactsOf(
  person: FactsPerson,
  team: FactsTeam,
  members: readonly FactsPerson[],
  meals: readonly FactsMeal[],
): TeamFacts {
  const meal = meals.find((m) => m.id === team.mealId);
  const host = members.find((m) => m.id === team.hostId);
  return {
    partner: namesOf(members.filter((m) => m.id !== person.id)),
    meal: meal?.label ?? '',
    time: meal ? clockTime(meal.time) : '',
    host: host?.name ?? '',
    place: host?.address ?? '',
  };
}

function routeFactsOf(team: FactsTeam, dinner: DinnerFacts, membersOf: (teamId: string) => FactsPerson[]): RouteFacts {
  const courses = dinner.meals.flatMap((meal): CourseFacts[] => {
    const hostTeamId =
      meal.id === team.mealId
        ? team.id
        : dinner.visits.find((v) => v.guestTeamId === team.id && v.mealId === meal.id)?.hostTeamId;
    const hostTeam = dinner.teams.find((t) => t.id === hostTeamId);
    if (!hostTeam) return [];
    const time = clockTime(meal.time);
    const own = hostTeam.id === team.id;
    if (hostTeam.cancelled) return [{ meal: meal.label, time, hosts: '', place: '', own, cancelled: true }];
    const members = membersOf(hostTeam.id);
    const host = members.find((m) => m.id === hostTeam.hostId);
    return [{ meal: meal.label, time, hosts: namesOf(members), place: host?.address ?? '', own, cancelled: false }];
  });
  return { courses, afterParty: dinner.afterParty };
}

/** What a team mail and a route mail would tell each member of a cooking team now; nobody else is in the map. */
export function currentFacts(dinner: DinnerFacts): Map<string, Facts> {
  const members = new Map<string, FactsPerson[]>();
  for (const person of dinner.people)
    if (person.teamId !== null) members.set(person.teamId, [...(members.get(person.teamId) ?? []), person]);
  const membersOf = (teamId: string) => members.get(teamId) ?? [];
  const facts = new Map<string, Facts>();
  for (const team of dinner.teams.filter((t) => !t.cancelled)) {
    const route = routeFactsOf(team, dinner, membersOf);
    for (const person of membersOf(team.id))
      facts.set(person.id, { team: teamFactsOf(person, team, membersOf(team.id), dinner.meals), route });
  }
  return facts;
}

export type ChangeKind = 'PARTNER' | 'MEAL' | 'HOST' | 'TIME' | 'PLACE' | 'HOSTS' | 'CANCELLED' | 'AFTER_PARTY';

/** One thing that is no longer as told: `before` is empty for what was never told. */
export interface Change {
  kind: ChangeKind;
  /** What the change is part of: the own team (team mails) or the evening's route (route mails). */
  part: 'TEAM' | 'ROUTE';
  /** The course it concerns, when it concerns one. */
  meal: string | null;
  before: string;
  after: string;
}

const TEAM_FIELDS = [
  ['partner', 'PARTNER'],
  ['meal', 'MEAL'],
  ['time', 'TIME'],
  ['host', 'HOST'],
  ['place', 'PLACE'],
] as const;

/** A course with its time, "Dessert (21:00)": a team that cooks another course cooks at another time too. */
const mealAt = (facts: TeamFacts) => `${facts.meal} (${facts.time})`;

function teamChanges(told: TeamFacts | null, now: TeamFacts): Change[] {
  const otherMeal = told !== null && told.meal !== now.meal;
  return TEAM_FIELDS.flatMap(([field, kind]): Change[] => {
    const before = told?.[field] ?? '';
    if (before === now[field] || (otherMeal && kind === 'TIME')) return [];
    if (otherMeal && kind === 'MEAL')
      return [{ kind, part: 'TEAM', meal: null, before: mealAt(told), after: mealAt(now) }];
    const meal = kind === 'TIME' || kind === 'PLACE' ? now.meal : null;
    return [{ kind, part: 'TEAM', meal, before, after: now[field] }];
  });
}

function courseChanges(told: CourseFacts | undefined, now: CourseFacts): Change[] {
  const change = (kind: ChangeKind, before: string, after: string): Change[] =>
    before === after ? [] : [{ kind, part: 'ROUTE', meal: now.meal, before, after }];
  if (now.cancelled)
    return told?.cancelled
      ? []
      : [{ kind: 'CANCELLED', part: 'ROUTE', meal: now.meal, before: told?.place ?? '', after: '' }];
  // Whether the team itself hosts a course follows from the course it cooks, which the team part names.
  const hostsChanged = told?.own === now.own && !now.own;
  return [
    ...change('TIME', told?.time ?? '', now.time),
    ...change('PLACE', told?.place ?? '', now.place),
    ...(hostsChanged || !told ? change('HOSTS', told?.hosts ?? '', now.own ? '' : now.hosts) : []),
  ];
}

function routeChanges(told: RouteFacts | null, now: RouteFacts): Change[] {
  const courses = now.courses.flatMap((course) =>
    courseChanges(
      told?.courses.find((c) => c.meal === course.meal),
      course,
    ),
  );
  const party =
    (told?.afterParty ?? '') === now.afterParty
      ? []
      : [
          {
            kind: 'AFTER_PARTY' as const,
            part: 'ROUTE' as const,
            meal: null,
            before: told?.afterParty ?? '',
            after: now.afterParty,
          },
        ];
  return [...courses, ...party];
}

/** Which kinds of mail went out: from then on, what they told has to stay true. */
export interface Told {
  teams: boolean;
  routes: boolean;
}

/**
 * What is no longer as told: the team once team or route mails went out, the route once route mails did. A change
 * the team part and the route part both name (the own course's time and place) is named once.
 */
export function changesSince(told: Facts | undefined, now: Facts, went: Told): Change[] {
  const team = went.teams && now.team ? teamChanges(told?.team ?? null, now.team) : [];
  const route = went.routes && now.route ? routeChanges(told?.route ?? null, now.route) : [];
  const inRoute = (change: Change) =>
    route.some((r) => r.kind === change.kind && r.meal === change.meal && r.after === change.after);
  return [...team.filter((change) => !inRoute(change)), ...route];
}

/**
 * What a member knows once their own team's host changed (they changed it, or were told by the host-change mail):
 * what they were told, with the own course's host and place as they are now.
 */
export function toldWithNewHost(told: Facts | undefined, now: Facts): Facts {
  const ownCourse = now.route?.courses.find((c) => c.meal === now.team?.meal);
  const team = told?.team && now.team ? { ...told.team, host: now.team.host, place: now.team.place } : null;
  const route = told?.route
    ? {
        ...told.route,
        courses: told.route.courses.map((c) =>
          ownCourse && c.meal === ownCourse.meal ? { ...c, place: ownCourse.place } : c,
        ),
      }
    : null;
  return { team, route };
}
