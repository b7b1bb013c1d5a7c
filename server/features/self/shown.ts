import type { DbOrTrx } from '../../../db/transaction.js';
import { AppError } from '../../lib/errors.js';
import { deliveredTo } from '../updates/told.queries.js';
import type { SelfLink } from './self-link.js';

// A personal page shows the team only once a mail told it (or the organiser published the teams), and the route only
// once a route mail did (or the routes were published): until then the organiser may still change everything.

const SelfShownMessage = {
  teamNotShown: /*i18n*/ {
    id: 'error.selfTeamNotShown',
    message: 'Your team is not published yet: the organiser is still making the teams. You will get it by mail.',
  },
  routeNotShown: /*i18n*/ {
    id: 'error.selfRouteNotShown',
    message: 'Your dinner route is not published yet. You will get it by mail a few days before the dinner.',
  },
} as const;

export interface Shown {
  team: boolean;
  route: boolean;
}

export async function shownTo(db: DbOrTrx, { dinner, participant }: SelfLink): Promise<Shown> {
  const published = { team: dinner.teams_published === 1, route: dinner.routes_published === 1 };
  if (published.team && published.route) return published;
  const delivered = await deliveredTo(db, dinner.id, participant.id);
  const route = published.route || delivered.route;
  return { team: published.team || delivered.team || route, route };
}

export async function assertShown(db: DbOrTrx, link: SelfLink, part: keyof Shown): Promise<void> {
  const shown = await shownTo(db, link);
  if (part === 'team' && !shown.team) throw new AppError('team_not_shown', SelfShownMessage.teamNotShown.id);
  if (part === 'route' && !shown.route) throw new AppError('route_not_shown', SelfShownMessage.routeNotShown.id);
}
