import type { SelfHome, SelfRegistration, WithdrawalResult } from '@contract/self';
import type { SelfTeam } from '@contract/self-teams';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { useParams } from 'wouter';
import { LinkButton } from '../../components/Button';
import { formatTime, formatTimestamp } from '../../components/dateFormat';
import { mealDotClass, mealKind } from '../../components/mealColours';
import { usePageTitle } from '../landing/LandingLayout';
import { AddressLines, MealSchedule, useLongDate } from '../registration/EventInfo';
import { CancelledNotice } from './CancelledNotice';
import { PartnerWishCard } from './PartnerWishCard';
import { SelfData, selfCardClass } from './SelfPage';
import { RegistrationDeleted, WithdrawCard } from './WithdrawCard';

const noteClass = 'rounded-lg border p-4 text-sm leading-relaxed';

/** The path of another personal page of the participant (within /self). */
type PagePath = (page: 'teamhost' | 'dinnerroute') => string;

function EventCard({ home }: { home: SelfHome }) {
  const longDate = useLongDate();
  return (
    <section className={selfCardClass} aria-labelledby="self-event-heading">
      <p className="text-sm font-semibold text-primary-700">
        {longDate(home.date)} · {home.city}
      </p>
      <h2 id="self-event-heading" className="mt-1 text-lg font-semibold break-words text-gray-900">
        {home.title}
      </h2>
      <div className="mt-4">
        <MealSchedule meals={home.meals} />
      </div>
    </section>
  );
}

function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-gray-900">{children}</dd>
    </div>
  );
}

/** The diets as registered, in words; none is said too, so nobody wonders whether theirs got lost. */
function Diets({ registration }: { registration: SelfRegistration }) {
  const { t } = useLingui();
  const diets = [
    registration.vegetarian && t`Vegetarian`,
    registration.vegan && t`Vegan`,
    registration.lactose && t`Lactose-free`,
    registration.gluten && t`Gluten-free`,
  ].filter(Boolean);
  return (
    <>
      <span className="block">{diets.length > 0 ? diets.join(', ') : <Trans>No special diet</Trans>}</span>
      {registration.mealSpecificsNote && (
        <span className="block text-sm text-gray-700">{registration.mealSpecificsNote}</span>
      )}
    </>
  );
}

function RegistrationCard({ participant, registration }: Pick<SelfHome, 'participant' | 'registration'>) {
  const seats = registration.numSeats;
  return (
    <section className={selfCardClass} aria-labelledby="self-registration-heading" data-testid="self-registration">
      <h2 id="self-registration-heading" className="text-lg font-semibold text-gray-900">
        <Trans>Your registration</Trans>
      </h2>
      {!registration.activated && (
        <p className={`mt-3 ${noteClass} border-amber-300 bg-amber-50 text-amber-950`} data-testid="self-unconfirmed">
          <Trans>Your registration is not confirmed yet: please click the link in the mail we sent you.</Trans>
        </p>
      )}
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Fact label={<Trans>Name</Trans>}>{fullName(participant)}</Fact>
        <Fact label={<Trans>E-mail</Trans>}>
          <span className="[overflow-wrap:anywhere]">{participant.email}</span>
        </Fact>
        <Fact label={<Trans>Address</Trans>}>
          <AddressLines address={registration} />
          {registration.addressRemarks && (
            <span className="block text-sm text-gray-700">{registration.addressRemarks}</span>
          )}
        </Fact>
        {registration.mobileNumber && <Fact label={<Trans>Mobile number</Trans>}>{registration.mobileNumber}</Fact>}
        <Fact label={<Trans>Seats</Trans>} testId="self-registration-seats">
          {seats >= 0 ? <Trans>{seats} seats</Trans> : <Trans>Seats unknown</Trans>}
        </Fact>
        <Fact label={<Trans>Meal specifics</Trans>} testId="self-registration-diet">
          <Diets registration={registration} />
        </Fact>
      </dl>
      <p className="mt-4 text-sm text-gray-600">
        <Trans>Something is not right? The organiser can change your registration.</Trans>
      </p>
    </section>
  );
}

/** The own team at a glance, with the ways to its page (hosting) and to the route. */
function TeamSummary({ team, routeShown, pagePath }: { team: SelfTeam; routeShown: boolean; pagePath: PagePath }) {
  const teamNumber = team.teamNumber;
  const meal = team.meal.label;
  const time = formatTime(team.meal.time);
  const kind = mealKind(team.meals.findIndex((m) => m.id === team.meal.id));
  const partners = team.teamMembers
    .filter((m) => !m.isSelf)
    .map(fullName)
    .join(', ');
  const host = team.teamMembers.find((m) => m.id === team.hostTeamMemberId);
  const hostName = host ? fullName(host) : '';
  return (
    <section className={selfCardClass} aria-labelledby="self-team-heading" data-testid="self-team-summary">
      <p className="text-sm font-semibold text-primary-700">
        <Trans>Team {teamNumber}</Trans>
      </p>
      <h2 id="self-team-heading" className="mt-1 text-lg font-semibold text-gray-900">
        <Trans>Your team</Trans>
      </h2>
      {team.status === 'CANCELLED' && (
        <p className={`mt-3 ${noteClass} border-red-200 bg-red-50 text-red-800`} data-testid="self-team-cancelled">
          <Trans>Your team was cancelled. If something is wrong, please contact the organiser.</Trans>
        </p>
      )}
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <Fact label={<Trans>Team partner</Trans>} testId="self-team-partner">
          {partners || <Trans>Nobody else at the moment</Trans>}
        </Fact>
        <Fact label={<Trans>You cook</Trans>} testId="self-team-meal">
          <span className="flex items-center gap-2">
            <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${mealDotClass[kind]}`} />
            <Trans>
              {meal} at {time}
            </Trans>
          </span>
        </Fact>
        <Fact label={<Trans>Where</Trans>} testId="self-team-host">
          {host ? (
            <>
              <span className="block font-medium">
                {host.isSelf ? <Trans>At your place</Trans> : <Trans>At {hostName}'s place</Trans>}
              </span>
              <span className="block text-gray-700">
                <AddressLines address={host} />
              </span>
            </>
          ) : (
            <Trans>Not decided yet</Trans>
          )}
        </Fact>
      </dl>
      {!routeShown && (
        <p className="mt-4 text-sm text-gray-700" data-testid="self-route-coming">
          <Trans>Where you eat the other courses follows by mail, a few days before the dinner.</Trans>
        </p>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {routeShown && (
          <LinkButton
            href={`${pagePath('dinnerroute')}/${team.teamId}`}
            className="w-full sm:w-auto"
            data-testid="self-link-route"
          >
            <Trans>Your dinner route</Trans>
          </LinkButton>
        )}
        <LinkButton
          href={`${pagePath('teamhost')}/${team.teamId}`}
          variant="secondary"
          className="w-full sm:w-auto"
          data-testid="self-link-team"
        >
          <Trans>Team details and hosting</Trans>
        </LinkButton>
      </div>
    </section>
  );
}

/** When the team mail is expected: the time the organiser scheduled it for, else that it comes by mail. */
function TeamsComing({ home }: { home: SelfHome }) {
  const at = home.mailsExpected.teams ?? home.mailsExpected.routes;
  return (
    <p className={`${noteClass} border-primary-100 bg-primary-50 text-primary-800`} data-testid="self-teams-coming">
      {at ? (
        <Trans>
          The organiser is making the teams and may still change them. You get your team partner and your course by mail
          on {formatTimestamp(at)}, and then also here on this page.
        </Trans>
      ) : (
        <Trans>
          The organiser is making the teams and may still change them. You get your team partner and your course by
          mail, usually a few days before the dinner, and then also here on this page.
        </Trans>
      )}
    </p>
  );
}

/** Where the participant stands while no team is shown: teams not made yet, being made, or made without them. */
function Waiting({ home }: { home: SelfHome }) {
  if (home.onWaitingList)
    return (
      <div className={`${noteClass} border-amber-300 bg-amber-50 text-amber-950`} data-testid="self-waiting">
        <p className="font-semibold">
          <Trans>You are on the waiting list</Trans>
        </p>
        <p className="mt-1">
          <Trans>
            The teams are made, and you are not in one of them at the moment. When someone cancels, the organiser can
            give you their place: you then get a mail with your team partner, your course and where you cook. Your
            registration stays valid; you do not need to do anything.
          </Trans>
        </p>
      </div>
    );
  return home.teamsExist ? (
    <TeamsComing home={home} />
  ) : (
    <p className={`${noteClass} border-primary-100 bg-primary-50 text-primary-800`} data-testid="self-next-steps">
      <Trans>
        The teams are not made yet. A few days before the event you learn your team partner and which course you cook –
        by e-mail and here on this page.
      </Trans>
    </p>
  );
}

function HomeView({
  home,
  pagePath,
  sessionPath,
  onSaved,
  onWithdrawn,
}: {
  home: SelfHome;
  pagePath: PagePath;
  sessionPath: string;
  onSaved: (next: SelfHome) => void;
  onWithdrawn: (result: WithdrawalResult) => void;
}) {
  const name = home.participant.firstnamePart || home.participant.lastname;
  return (
    <div className="space-y-6" data-testid="self-page">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
          <Trans>Your running dinner</Trans>
        </h1>
        <p className="mt-2 text-gray-700">
          <Trans>Hello {name}, this is your personal page for the running dinner.</Trans>
        </p>
      </div>
      {home.cancellation ? (
        <CancelledNotice cancellation={home.cancellation} title={home.title} date={home.date} />
      ) : (
        <>
          {home.team ? (
            <TeamSummary team={home.team} routeShown={home.shown.route} pagePath={pagePath} />
          ) : (
            <Waiting home={home} />
          )}
          {!home.teamsExist && <PartnerWishCard home={home} sessionPath={sessionPath} onSaved={onSaved} />}
          <RegistrationCard participant={home.participant} registration={home.registration} />
        </>
      )}
      <EventCard home={home} />
      {!home.cancellation && <WithdrawCard home={home} sessionPath={sessionPath} onWithdrawn={onWithdrawn} />}
    </div>
  );
}

/** /self/{selfAdminId}/teampartnerwish/{participantId}: the personal link of the mails, the participant's home. */
export function SelfHomePage() {
  const { t } = useLingui();
  usePageTitle(t`Your running dinner`);
  const { selfAdminId = '', participantId = '' } = useParams<{ selfAdminId: string; participantId: string }>();
  const sessionPath = `/self/v1/${selfAdminId}/${participantId}`;
  const pagePath: PagePath = (page) => `/${selfAdminId}/${page}/${participantId}`;
  const [deleted, setDeleted] = useState(false);
  if (deleted) return <RegistrationDeleted />;
  return (
    <SelfData<SelfHome> path={`${sessionPath}/sessiondata`} loadingLabel={t`Loading your registration…`}>
      {(home, mutate) => (
        <HomeView
          home={home}
          pagePath={pagePath}
          sessionPath={sessionPath}
          onSaved={(next) => void mutate(next, { revalidate: false })}
          onWithdrawn={(result) => (result.outcome === 'DELETED' ? setDeleted(true) : void mutate())}
        />
      )}
    </SelfData>
  );
}
