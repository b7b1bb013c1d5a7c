import type { PublicRunningDinner, RegistrationState } from '@contract/registration';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'wouter';
import { LinkButton } from '../../components/Button';
import { formatDate } from '../../components/dateFormat';
import { Loaded } from '../../components/Loaded';
import { PageMessage } from '../../components/PageMessage';
import { Skeleton, SkeletonLines } from '../../components/Skeleton';
import { usePageTitle } from '../landing/LandingLayout';
import { EventFacts, EventProgramme, useLongDate } from './EventInfo';
import { RegistrationFlow } from './RegistrationFlow';
import { usePublicDinner } from './registration.api';

const pageClass = 'mx-auto max-w-6xl px-4 py-8 sm:py-12';
const columnsClass = 'mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]';

function BackToList() {
  return (
    <Link href="/running-dinner-events" className="text-sm font-medium text-primary-700 hover:underline">
      <span aria-hidden="true">← </span>
      <Trans>All running dinners</Trans>
    </Link>
  );
}

/** The same shape as the page, so nothing jumps when the event arrives. */
function EventSkeleton() {
  const { t } = useLingui();
  return (
    <div className={pageClass} aria-busy="true" role="status" aria-label={t`Loading the running dinner…`}>
      <Skeleton className="h-4 w-40" />
      <Skeleton className="mt-6 h-4 w-56" />
      <Skeleton className="mt-3 h-9 w-3/4" />
      <div className={columnsClass}>
        <div className="space-y-6">
          <SkeletonLines lines={6} />
          <Skeleton className="h-32 w-full" />
        </div>
        <div className="order-first rounded-xl border border-gray-200 p-5 lg:order-none">
          <SkeletonLines lines={7} />
        </div>
      </div>
    </div>
  );
}

function EventNotFound() {
  const { t } = useLingui();
  usePageTitle(t`Running dinner not found`);
  return (
    <PageMessage
      className="mx-auto max-w-xl px-4 py-16 text-center sm:py-20"
      testId="public-dinner-not-found"
      title={<Trans>We cannot find this running dinner</Trans>}
      titleClassName="sm:text-3xl"
      actions={
        <Link
          href="/running-dinner-events"
          className="mt-8 inline-flex justify-center rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800"
        >
          <Trans>Find a running dinner</Trans>
        </Link>
      }
    >
      <Trans>
        Maybe the link is incomplete – please copy it once more – or the event no longer takes registrations through
        this page.
      </Trans>
    </PageMessage>
  );
}

/** Why registration is not possible: right under the title, and no form. */
function RegistrationClosed({
  state,
  dinner,
}: {
  state: Exclude<RegistrationState, 'OPEN'>;
  dinner: PublicRunningDinner;
}) {
  const deadline = formatDate(dinner.endOfRegistrationDate);
  const contact = dinner.publicContactEmail;
  const mail = (
    <a
      href={`mailto:${contact}`}
      className="font-medium [overflow-wrap:anywhere] text-amber-900 underline underline-offset-2"
    >
      {contact}
    </a>
  );
  const texts: Record<typeof state, { title: ReactNode; body: ReactNode }> = {
    DEADLINE_PASSED: {
      title: <Trans>Registration has closed</Trans>,
      body: (
        <Trans>
          The deadline was {deadline}. If you would still like to join, ask the organiser at {mail}.
        </Trans>
      ),
    },
    DEACTIVATED: {
      title: <Trans>Registration is paused</Trans>,
      body: <Trans>At the moment the organiser takes no registrations. Try again later or write to {mail}.</Trans>,
    },
    CANCELLED: {
      title: <Trans>This running dinner was cancelled</Trans>,
      body: <Trans>Sorry, it will not take place. Maybe there is another running dinner near you.</Trans>,
    },
    NOT_YET_OPEN: {
      title: <Trans>Registration opens soon</Trans>,
      body: <Trans>The organiser is still preparing this running dinner. Please come back in a little while.</Trans>,
    },
    DINNER_PASSED: {
      title: <Trans>This running dinner has already taken place</Trans>,
      body: <Trans>We hope it was a great evening. Maybe there is another running dinner near you.</Trans>,
    },
  };
  const { title, body } = texts[state];
  return (
    <div
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 sm:p-6"
      data-testid="registration-closed"
      data-state={state}
    >
      <h2 className="text-lg font-semibold text-amber-950">{title}</h2>
      <p className="mt-2 leading-relaxed text-amber-950">{body}</p>
      {(state === 'CANCELLED' || state === 'DINNER_PASSED') && (
        <LinkButton href="/running-dinner-events" className="mt-4">
          <Trans>Find a running dinner</Trans>
        </LinkButton>
      )}
    </div>
  );
}

/** A demo's public page works as the real one would, but nobody but its creator hears of it. */
function DemoBanner() {
  return (
    <div
      role="note"
      className="mt-6 rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950 sm:p-5"
      data-testid="demo-banner"
    >
      <p className="font-semibold">
        <Trans>This is a demo</Trans>
      </p>
      <p className="mt-1 leading-relaxed">
        <Trans>Registrations are simulated, and every mail goes to the demo's creator.</Trans>
      </p>
    </div>
  );
}

function EventPage({ dinner, reload }: { dinner: PublicRunningDinner; reload: () => void }) {
  usePageTitle(dinner.title);
  const longDate = useLongDate();
  const state = dinner.registrationState;
  const [registered, setRegistered] = useState(false);
  return (
    <div className={pageClass} data-testid="public-dinner">
      {dinner.registrationType === 'PUBLIC' && <BackToList />}
      <header className="mt-6">
        <p className="font-semibold text-primary-700">
          {longDate(dinner.date)} · {dinner.city}
        </p>
        <h1
          className="mt-2 text-3xl font-bold tracking-tight break-words text-gray-900 sm:text-4xl"
          data-testid="public-dinner-title"
        >
          {dinner.title}
        </h1>
      </header>
      {dinner.demo && <DemoBanner />}
      {state !== 'OPEN' && (
        <div className="mt-6">
          <RegistrationClosed state={state} dinner={dinner} />
        </div>
      )}
      <div className={columnsClass}>
        <div className="min-w-0 space-y-10">
          <EventProgramme dinner={dinner} />
          {state === 'OPEN' && (
            <div id="registration" className="scroll-mt-24">
              <RegistrationFlow dinner={dinner} onRefused={reload} onRegistered={() => setRegistered(true)} />
            </div>
          )}
        </div>
        <aside className="order-first lg:sticky lg:top-24 lg:order-none lg:self-start">
          <EventFacts dinner={dinner} registrationLink={state === 'OPEN' && !registered} />
        </aside>
      </div>
    </div>
  );
}

/** /running-dinner-events/{publicDinnerId}: the event and its registration. */
export default function PublicEventPage() {
  const { publicDinnerId = '' } = useParams<{ publicDinnerId: string }>();
  const { data: dinner, error, mutate } = usePublicDinner(publicDinnerId);
  if (error?.status === 404) return <EventNotFound />;
  return (
    <Loaded
      data={dinner}
      error={error}
      failure={(e) => e.message}
      onRetry={() => void mutate()}
      frame="screen"
      keepData
      loading={<EventSkeleton />}
    >
      {(loaded) => <EventPage dinner={loaded} reload={() => void mutate()} />}
    </Loaded>
  );
}
