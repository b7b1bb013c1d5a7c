import type { RunningDinner } from '@contract/dinner';
import { Redirect, Route, Switch } from 'wouter';
import { Loaded } from '../../components/Loaded';
import { DinnerRoutesPage } from '../dinnerroutes/DinnerRoutesPage';
import { DinnerRouteTeamPage } from '../dinnerroutes/DinnerRouteTeamPage';
import { JobPage } from '../messages/JobPage';
import { MessagesPage } from '../messages/MessagesPage';
import { ParticipantDetailPage } from '../participants/ParticipantDetailPage';
import { ParticipantsPage } from '../participants/ParticipantsPage';
import { PaymentsPage } from '../payments/PaymentsPage';
import { MeetingPlanPage } from '../teams/MeetingPlanPage';
import { TeamsPage } from '../teams/TeamsPage';
import { AcknowledgePage } from './AcknowledgePage';
import { AdminLayout } from './AdminLayout';
import { AdminSkeleton } from './AdminSkeleton';
import { DashboardPage } from './DashboardPage';
import { DinnerNotFoundPage } from './DinnerNotFoundPage';
import { useRunningDinner } from './hooks';
import { ResendPage } from './ResendPage';
import { SettingsPage } from './SettingsPage';
import { UnknownSectionPage } from './UnknownSectionPage';

/** /admin/{adminId}/… — the organiser's area. A wrong or deleted admin id is a page of its own, not an error. */
export default function AdminArea() {
  const { data: dinner, error, mutate } = useRunningDinner();
  if (error?.status === 404) return <DinnerNotFoundPage />;
  return (
    <Loaded
      data={dinner}
      error={error}
      failure={(e) => e.message}
      onRetry={() => void mutate()}
      frame="screen"
      loading={<AdminSkeleton />}
    >
      {(loaded) => <AdminPages dinner={loaded} />}
    </Loaded>
  );
}

/** The organiser's pages of a loaded dinner, in their layout. */
function AdminPages({ dinner }: { dinner: RunningDinner }) {
  return (
    <AdminLayout dinner={dinner}>
      <Switch>
        <Route path="/">
          <DashboardPage dinner={dinner} />
        </Route>
        <Route path="/settings">
          <SettingsPage dinner={dinner} />
        </Route>
        <Route path="/participants">
          <ParticipantsPage dinner={dinner} />
        </Route>
        <Route path="/participants/new">
          <ParticipantDetailPage dinner={dinner} />
        </Route>
        <Route path="/participants/:participantId">
          {({ participantId }) => (
            <ParticipantDetailPage key={participantId} dinner={dinner} participantId={participantId} />
          )}
        </Route>
        <Route path="/teams">
          <TeamsPage dinner={dinner} />
        </Route>
        <Route path="/teams/:teamId">
          {({ teamId }) => <MeetingPlanPage key={teamId} dinner={dinner} teamId={teamId} />}
        </Route>
        <Route path="/dinnerroute">
          <DinnerRoutesPage dinner={dinner} />
        </Route>
        <Route path="/dinnerroute/:teamId">
          {({ teamId }) => <DinnerRouteTeamPage key={teamId} teamId={teamId} />}
        </Route>
        <Route path="/messages">
          <Redirect to="/messages/participants" replace />
        </Route>
        <Route path="/messages/jobs/:jobId">{({ jobId }) => <JobPage key={jobId} jobId={jobId} />}</Route>
        <Route path="/messages/:tab">{({ tab }) => <MessagesPage dinner={dinner} tab={tab} />}</Route>
        <Route path="/payments">
          <PaymentsPage dinner={dinner} />
        </Route>
        <Route path="/resend">
          <ResendPage dinner={dinner} />
        </Route>
        <Route path="/:acknowledgeId/acknowledge">
          <AcknowledgePage dinner={dinner} />
        </Route>
        <Route path="/:section">
          <UnknownSectionPage />
        </Route>
      </Switch>
    </AdminLayout>
  );
}
