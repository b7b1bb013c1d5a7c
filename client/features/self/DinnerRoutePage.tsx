import type { SelfDinnerRoute } from '@contract/self-teams';
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { usePageTitle } from '../landing/LandingLayout';
import { useLongDate } from '../registration/EventInfo';
import { BackToPersonalPage } from './BackToPersonalPage';
import { CancelledNotice } from './CancelledNotice';
import { numberStops } from './dinner-route/numberedStops';
import { RouteMapSection } from './dinner-route/RouteMapSection';
import { RouteTimeline } from './dinner-route/RouteTimeline';
import { SelfData } from './SelfPage';

function RouteView({ route }: { route: SelfDinnerRoute }) {
  const longDate = useLongDate();
  const stops = numberStops(route);
  const teamNumber = route.teamNumber;
  const names = route.teamMemberNames.join(', ');
  return (
    <div className="space-y-6" data-testid="self-route-page">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
          <Trans>Your dinner route</Trans>
        </h1>
        <p className="mt-2 break-words text-gray-700">
          <Trans>
            Team {teamNumber}: {names}
          </Trans>
        </p>
        <p className="mt-1 text-sm font-semibold text-primary-700">
          {longDate(route.date)} · <span className="break-words">{route.title}</span>
        </p>
      </div>
      {route.cancellation && (
        <CancelledNotice cancellation={route.cancellation} title={route.title} date={route.date} />
      )}
      {!route.cancellation && route.teamStatus === 'CANCELLED' && (
        <p
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          data-testid="route-team-cancelled"
        >
          <Trans>Your team was cancelled. If something is wrong, please contact the organiser.</Trans>
        </p>
      )}
      {!route.cancellation && (
        <>
          <RouteTimeline route={route} stops={stops} />
          <RouteMapSection route={route} stops={stops} />
        </>
      )}
    </div>
  );
}

/** /self/{selfAdminId}/dinnerroute/{participantId}/{teamId}: the dinner-route mail's link. */
export function DinnerRoutePage() {
  const { t } = useLingui();
  usePageTitle(t`Your dinner route`);
  const {
    selfAdminId = '',
    participantId = '',
    teamId = '',
  } = useParams<{ selfAdminId: string; participantId: string; teamId: string }>();
  return (
    <>
      <BackToPersonalPage />
      <SelfData<SelfDinnerRoute>
        path={`/self/v1/${selfAdminId}/${participantId}/${teamId}/dinnerroute`}
        loadingLabel={t`Loading your dinner route…`}
      >
        {(route) => <RouteView route={route} />}
      </SelfData>
    </>
  );
}
