import type { RunningDinner } from '@contract/dinner';
import { MESSAGE_TYPES, type MessageType } from '@contract/messages';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { Card } from '../../components/Card';
import { Loaded } from '../../components/Loaded';
import { PageTitle } from '../../components/PageTitle';
import { Skeleton } from '../../components/Skeleton';
import { useTeams } from '../teams/hooks';
import { TAB_OF_TYPE, TYPE_OF_TAB } from './api';
import { ComposeForm } from './ComposeForm';
import { mailableTeams } from './compose';
import { useLiveMessageJobs, useRecipients, useTemplates, useUpdates } from './hooks';
import { JobHistory } from './JobHistory';
import { tabLabel } from './labels';
import { MailServerBanner } from './MailServerBanner';

/** /admin/{adminId}/messages/{participants|teams|dinnerroute} — the messaging centre, a tab a type of message. */
export function MessagesPage({ dinner, tab }: { dinner: RunningDinner; tab: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const type = TYPE_OF_TAB[tab];
  useLiveMessageJobs({ type });
  if (!type) return <Redirect to="/messages/participants" replace />;
  return (
    <>
      <PageTitle
        sub={
          <Trans>
            Write to your participants and teams, see each mail as its recipient reads it, and watch it go out.
          </Trans>
        }
      >
        <Trans>Messages</Trans>
      </PageTitle>
      <MailServerBanner />
      <TabGroup
        selectedIndex={MESSAGE_TYPES.indexOf(type)}
        onChange={(index) => navigate(`/messages/${TAB_OF_TYPE[MESSAGE_TYPES[index]!]}`)}
      >
        <TabList
          className="mb-6 grid grid-cols-2 rounded-lg border border-gray-300 bg-white p-0.5 sm:inline-grid sm:grid-cols-4"
          aria-label={t`Kind of message`}
        >
          {MESSAGE_TYPES.map((each) => (
            <Tab
              key={each}
              data-testid={`tab-${TAB_OF_TYPE[each]}`}
              className="rounded-md px-3 py-1.5 text-sm font-semibold text-gray-700 hover:bg-gray-50 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-primary-500 data-[selected]:bg-primary-700 data-[selected]:text-white sm:px-5"
            >
              {tabLabel[each]}
              {each === 'UPDATE' && <UpdatesCount />}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          {MESSAGE_TYPES.map((each) => (
            <TabPanel key={each} className="focus:outline-none" data-testid={`panel-${TAB_OF_TYPE[each]}`}>
              <TypePanel type={each} dinner={dinner} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </>
  );
}

const intro: Record<MessageType, ReactNode> = {
  PARTICIPANT: <Trans>A message to everyone, to the waiting list, or to the people you choose.</Trans>,
  TEAM: (
    <Trans>Tell every team who they cook with, which meal and where. Host and partner each read their own part.</Trans>
  ),
  DINNER_ROUTE: (
    <Trans>
      Everyone's evening in order: where to go for each meal, and when. Send it a few days before the dinner.
    </Trans>
  ),
  UPDATE: (
    <Trans>
      After the team or route mails, whatever changes for someone — a new partner, another host, an address, a time — is
      told here, to exactly the people it concerns.
    </Trans>
  ),
};

function TypePanel({ type, dinner }: { type: MessageType; dinner: RunningDinner }) {
  const { t } = useLingui();
  const templates = useTemplates();
  const recipients = useRecipients();
  const teams = useTeams();
  const updates = useUpdates();
  const loaded = templates.data && recipients.data && teams.data && updates.data;
  // A failed revalidation keeps what was loaded: the form (and what the organiser wrote) stays.
  const failure = loaded ? undefined : (templates.error ?? recipients.error ?? teams.error ?? updates.error);
  const retry = () => {
    for (const each of [templates, recipients, teams, updates]) if (each.error) void each.mutate();
  };
  const nobody = {
    PARTICIPANT: recipients.data?.length === 0,
    TEAM: teams.data && mailableTeams(teams.data.teams).length === 0,
    DINNER_ROUTE: teams.data && mailableTeams(teams.data.teams).length === 0,
    UPDATE: updates.data?.length === 0,
  }[type];
  // Without anybody to write to, an empty history would only repeat that nothing happened yet.
  const showsForm = !failure && !!loaded && !nobody;
  return (
    <>
      <p className="mb-6 text-gray-700">{intro[type]}</p>
      <Loaded
        data={loaded}
        error={failure}
        failure={(e) => `${t`The messaging centre could not be loaded.`} ${e.message}`}
        onRetry={retry}
        frame="card"
        loading={<ComposeSkeleton />}
        empty={nobody && <NobodyToWriteTo type={type} />}
      >
        {() => (
          <ComposeForm
            type={type}
            dinner={dinner}
            templates={templates.data!}
            recipients={recipients.data!}
            teams={teams.data!.teams}
            updates={updates.data!}
          />
        )}
      </Loaded>
      <JobHistory type={type} hideWhenEmpty={!showsForm} />
    </>
  );
}

/** How many people need an update, on the tab: the organiser sees it from any tab. */
function UpdatesCount() {
  const { data } = useUpdates();
  if (!data?.length) return null;
  return (
    <span
      className="ml-1.5 rounded-full bg-amber-100 px-1.5 text-xs font-bold text-amber-900"
      data-testid="updates-count"
    >
      {data.length}
    </span>
  );
}

/** Instead of the form when there is nobody to write to: no participants, no teams, or nobody to update. */
function NobodyToWriteTo({ type }: { type: MessageType }) {
  if (type === 'UPDATE')
    return (
      <EmptyState
        testId="updates-empty"
        title={<Trans>Everyone is up to date</Trans>}
        href="/teams"
        link={<Trans>Go to the teams</Trans>}
      >
        <Trans>
          Every team and route is as the mails told it. When you change a team, a host, an address or a time after the
          team or route mails, the people it concerns are listed here.
        </Trans>
      </EmptyState>
    );
  if (type === 'PARTICIPANT')
    return (
      <EmptyState
        testId="messages-empty"
        title={<Trans>Nobody to write to yet</Trans>}
        href="/participants"
        link={<Trans>Go to the participants</Trans>}
      >
        <Trans>
          Nobody has registered with an e-mail address so far. Share the registration link or add participants, and you
          can write to them here.
        </Trans>
      </EmptyState>
    );
  return (
    <EmptyState
      testId="messages-no-teams"
      title={<Trans>There are no teams yet</Trans>}
      href="/teams"
      link={<Trans>Go to the teams</Trans>}
    >
      {type === 'TEAM' ? (
        <Trans>Once you generated the teams, you tell each team here who they cook with and which meal.</Trans>
      ) : (
        <Trans>Once you generated the teams, everyone gets their dinner route from here.</Trans>
      )}
    </EmptyState>
  );
}

function EmptyState({
  title,
  children,
  href,
  link,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  href: string;
  link: ReactNode;
  testId: string;
}) {
  return (
    <Card testId={testId}>
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      <p className="mt-2 max-w-prose text-gray-700">{children}</p>
      <Link href={href} className="mt-4 inline-block font-semibold text-primary-700 underline underline-offset-2">
        {link}
      </Link>
    </Card>
  );
}

function ComposeSkeleton() {
  return (
    <div className="grid items-start gap-6 xl:grid-cols-2" data-testid="messages-loading">
      <div className="space-y-6">
        <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-6">
          <Skeleton className="h-4 w-24" />
          <div className="grid gap-3 sm:grid-cols-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        </div>
        <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-6">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      </div>
      <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-6">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}
