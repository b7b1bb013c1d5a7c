import type { AfterPartyLocation } from '../../../contract/dinner.js';
import type { MealRow, ParticipantRow, RunningDinnerRow, TeamRow } from '../../../db/schema.js';
import type { DbOrTrx } from '../../../db/transaction.js';
import { placeLine } from '../../../domain/events/place.js';
import { datePart } from '../../../domain/local-dates.js';
import { currentFacts, type DinnerFacts, type Facts } from '../../../domain/updates/told-facts.js';
import { afterPartyOf, findAfterParty } from '../dinner/after-party.js';
import { listMeals } from '../dinner/dinner.queries.js';
import { fullNameOf } from '../participants/participant-row.js';
import { listParticipantRows } from '../participants/participants.queries.js';
import type { Visit } from '../teams/dinner-route-stops.js';
import { listTeamRows, listVisitRows } from '../teams/teams.queries.js';

/** The rows a dinner's facts are read from (the mails are composed of the same). */
export interface DinnerRows {
  dinner: Pick<RunningDinnerRow, 'date'>;
  participants: ParticipantRow[];
  teams: TeamRow[];
  visits: Visit[];
  meals: MealRow[];
  afterParty: AfterPartyLocation | null;
}

export async function loadDinnerRows(db: DbOrTrx, dinner: RunningDinnerRow) {
  const [participants, teams, visits, meals, afterParty] = await Promise.all([
    listParticipantRows(db, dinner.id),
    listTeamRows(db, dinner.id),
    listVisitRows(db, dinner.id),
    listMeals(db, dinner.id),
    findAfterParty(db, dinner.id),
  ]);
  return { dinner, participants, teams, visits, meals, afterParty: afterPartyOf(afterParty) };
}

export const addressOf = (p: Pick<ParticipantRow, 'street' | 'street_nr' | 'zip' | 'city_name'>) =>
  `${p.street} ${p.street_nr}, ${p.zip} ${p.city_name}`.trim();

/** The after-party as a fact: its time (with the day when it is not the dinner's) and place. */
function afterPartyFact(dinnerDate: string, party: AfterPartyLocation | null): string {
  if (!party) return '';
  const day = datePart(party.time);
  const when = day === dinnerDate ? party.time.slice(11, 16) : `${day} ${party.time.slice(11, 16)}`;
  const place = placeLine(party);
  return [party.title, when, place].filter((part) => part !== '').join(' · ');
}

function dinnerFactsOf(rows: DinnerRows): DinnerFacts {
  return {
    people: rows.participants.map((p) => ({ id: p.id, name: fullNameOf(p), address: addressOf(p), teamId: p.team_id })),
    teams: rows.teams.map((t) => ({
      id: t.id,
      mealId: t.meal_id,
      hostId: t.host_participant_id,
      cancelled: t.status === 'CANCELLED',
    })),
    meals: rows.meals.map((m) => ({ id: m.id, label: m.label, time: m.time })),
    visits: rows.visits.map((v) => ({ mealId: v.meal_id, hostTeamId: v.host_team_id, guestTeamId: v.guest_team_id })),
    afterParty: afterPartyFact(rows.dinner.date, rows.afterParty),
  };
}

/** What team and route mails would tell each member of a cooking team now. */
export const factsNow = (rows: DinnerRows): Map<string, Facts> => currentFacts(dinnerFactsOf(rows));
