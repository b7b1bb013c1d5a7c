import type { Meal } from '../../../contract/dinner.js';
import type { DinnerRouteStop } from '../../../contract/teams.js';
import type { MealRow, ParticipantRow, RouteVisitRow, TeamRow } from '../../../db/schema.js';
import { guestNeeds, NO_GUEST_NEEDS } from '../../../domain/messages/guest-needs.js';
import { fullNameOf } from '../participants/participant-row.js';

/** Who visits whom for which meal. */
export type Visit = Pick<RouteVisitRow, 'meal_id' | 'host_team_id' | 'guest_team_id'>;

// A team's evening from the stored rows: read by the participant's route page and the dinner-route mails.

export const toMeal = (row: MealRow): Meal => ({ id: row.id, label: row.label, time: row.time });

function guestDiets(guests: ParticipantRow[], teams: TeamRow[]): DinnerRouteStop['mealSpecifics'] {
  const teamNumberOf = new Map(teams.map((t) => [t.id, t.team_number]));
  return guestNeeds(
    guests.map((g) => ({
      name: fullNameOf(g),
      teamNumber: teamNumberOf.get(g.team_id ?? '') ?? 0,
      diets: { vegetarian: g.vegetarian === 1, vegan: g.vegan === 1, lactose: g.lactose === 1, gluten: g.gluten === 1 },
      note: g.meal_specifics_note,
    })),
  );
}

function hostTeamOf(team: TeamRow, members: ParticipantRow[]): DinnerRouteStop['hostTeam'] {
  const own = members.filter((m) => m.team_id === team.id);
  const host = own.find((m) => m.id === team.host_participant_id) ?? own[0];
  return {
    teamNumber: team.team_number,
    hostNames: own.map(fullNameOf).join(', '),
    // The host's number, else the partner's: guests need someone to call.
    mobileNumber: host?.mobile_number || own.find((m) => m.mobile_number !== '')?.mobile_number || '',
    street: host?.street ?? '',
    streetNr: host?.street_nr ?? '',
    zip: host?.zip ?? '',
    cityName: host?.city_name ?? '',
    addressRemarks: host?.address_remarks ?? '',
    lat: host?.lat ?? null,
    lng: host?.lng ?? null,
    status: team.status,
  };
}

/** The stops of a team in meal order: its own home for its meal, its hosts for the others. */
export function stopsOf(
  team: TeamRow,
  visits: readonly Visit[],
  teams: TeamRow[],
  members: ParticipantRow[],
  meals: MealRow[],
): DinnerRouteStop[] {
  const guestTeamIds = new Set(visits.filter((v) => v.host_team_id === team.id).map((v) => v.guest_team_id));
  const hostVisits = visits.filter((v) => v.guest_team_id === team.id);
  const hostOf = (mealId: string) =>
    mealId === team.meal_id
      ? team
      : teams.find((t) => t.id === hostVisits.find((v) => v.meal_id === mealId)?.host_team_id);
  return meals.flatMap((meal) => {
    const host = hostOf(meal.id);
    if (!host) return [];
    const isOwnTeam = host.id === team.id;
    return [
      {
        meal: toMeal(meal),
        hostTeam: hostTeamOf(host, members),
        isOwnTeam,
        mealSpecifics: isOwnTeam
          ? guestDiets(
              members.filter((m) => m.team_id !== null && guestTeamIds.has(m.team_id)),
              teams,
            )
          : NO_GUEST_NEEDS,
      },
    ];
  });
}
