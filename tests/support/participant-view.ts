import { expect } from 'vitest';
import type { SelfHome } from '../../contract/self.js';
import type { SelfDinnerRoute } from '../../contract/self-teams.js';
import { call, type TestServer } from './test-server.js';

// What a participant's personal pages show of their team and route, reduced to what a team or route mail tells:
// a test's own reading of "what is true now", independent of the server's bookkeeping of what was told.

export interface PageView {
  team: { partner: string; meal: string; time: string; host: string; place: string } | null;
  route: { meal: string; time: string; hosts: string; place: string; cancelled: boolean }[] | null;
}

const sorted = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b)).join(', ');
const place = (a: { street: string; streetNr: string; zip: string; cityName: string }) =>
  `${a.street} ${a.streetNr}, ${a.zip} ${a.cityName}`;

export const selfAdminIdOf = async (server: TestServer, runningDinnerId: string): Promise<string> =>
  (
    await server.deps.db
      .selectFrom('running_dinner')
      .select('self_admin_id')
      .where('id', '=', runningDinnerId)
      .executeTakeFirstOrThrow()
  ).self_admin_id;

/** The view of a participant whose pages are shown (the test publishes or mails first); null for one in no team. */
export async function pageView(
  server: TestServer,
  selfAdminId: string,
  participantId: string,
): Promise<PageView | null> {
  const home = await call(server, 'GET', `/self/v1/${selfAdminId}/${participantId}/sessiondata`);
  expect(home.status, home.text).toBe(200);
  const { team } = home.json as SelfHome;
  if (!team || team.status === 'CANCELLED') return null;
  const host = team.teamMembers.find((m) => m.id === team.hostTeamMemberId);
  const routeAnswer = await call(server, 'GET', `/self/v1/${selfAdminId}/${participantId}/${team.teamId}/dinnerroute`);
  const route = routeAnswer.status === 200 ? (routeAnswer.json as SelfDinnerRoute) : null;
  return {
    team: {
      partner: sorted(team.teamMembers.filter((m) => !m.isSelf).map((m) => `${m.firstnamePart} ${m.lastname}`)),
      meal: team.meal.label,
      time: team.meal.time.slice(11, 16),
      host: host ? `${host.firstnamePart} ${host.lastname}` : '',
      place: host ? place(host) : '',
    },
    route:
      route?.stops.map((stop) => {
        const cancelled = stop.hostTeam.status === 'CANCELLED';
        return {
          meal: stop.meal.label,
          time: stop.meal.time.slice(11, 16),
          hosts: cancelled ? '' : sorted(stop.hostTeam.hostNames.split(', ')),
          place: cancelled ? '' : place(stop.hostTeam),
          cancelled,
        };
      }) ?? null,
  };
}
