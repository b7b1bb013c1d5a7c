import type { SelfTeam, SelfTeamMember } from '@contract/self-teams';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useParams } from 'wouter';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatTime } from '../../components/dateFormat';
import { TextAreaField, useFieldErrors } from '../../components/form';
import { mealDotClass, mealKind } from '../../components/mealColours';
import { ApiError, api, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toasts';
import { usePageTitle } from '../landing/LandingLayout';
import { AddressLines, useLongDate } from '../registration/EventInfo';
import { BackToPersonalPage, PhoneLink, SelfData, selfCardClass } from './SelfPage';

const COMMENT_MAX = 1024;

function HostBadge() {
  return (
    <span
      className="rounded-full bg-secondary-100 px-2 py-0.5 text-xs font-semibold text-secondary-700"
      data-testid="self-team-host-badge"
    >
      <Trans>Host</Trans>
    </span>
  );
}

function MemberCard({ member, hosts }: { member: SelfTeamMember; hosts: boolean }) {
  const name = fullName(member);
  return (
    <li className="rounded-lg border border-gray-200 p-4" data-testid="self-team-member" data-host={hosts}>
      <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-gray-900">
        <span>{member.isSelf ? <Trans>{name} (you)</Trans> : name}</span>
        {hosts && <HostBadge />}
      </p>
      <div className="mt-2 space-y-1 text-sm text-gray-700">
        <p>
          <AddressLines address={member} />
          {member.addressRemarks && <span className="block text-gray-600">{member.addressRemarks}</span>}
        </p>
        {!member.isSelf && member.email && (
          <a
            href={`mailto:${member.email}`}
            className="block font-medium [overflow-wrap:anywhere] text-primary-700 underline underline-offset-2"
          >
            {member.email}
          </a>
        )}
        {!member.isSelf && member.mobileNumber && <PhoneLink number={member.mobileNumber} className="block" />}
      </div>
    </li>
  );
}

/** Why the host cannot be changed, when it cannot. */
function NotChangeable({ team }: { team: SelfTeam }) {
  const note = 'mt-4 rounded-lg border p-3 text-sm';
  if (team.status === 'CANCELLED')
    return (
      <p className={`${note} border-red-200 bg-red-50 text-red-800`} data-testid="self-team-cancelled">
        <Trans>Your team was cancelled. If something is wrong, please contact the organiser.</Trans>
      </p>
    );
  if (team.readOnlyReason)
    return (
      <p className={`${note} border-gray-200 bg-gray-50 text-gray-700`} data-testid="self-team-read-only">
        {team.readOnlyReason === 'CANCELLED' ? (
          <Trans>The running dinner was cancelled.</Trans>
        ) : (
          <Trans>The running dinner is over: nothing can be changed any more.</Trans>
        )}
      </p>
    );
  if (team.registeredTogether)
    return (
      <p className={`${note} border-gray-200 bg-gray-50 text-gray-700`} data-testid="self-team-registered-together">
        <Trans>
          You registered together, so you cook in the kitchen of the one who registered and the host stays the same. If
          something is wrong, please contact the organiser.
        </Trans>
      </p>
    );
  return (
    <p className={`${note} border-amber-300 bg-amber-50 text-amber-950`} data-testid="self-team-alone">
      <Trans>
        You are the only member of your team at the moment, so nobody else can host. If something is wrong, please
        contact the organiser.
      </Trans>
    </p>
  );
}

interface HostChangeProps {
  team: SelfTeam;
  teamPath: string;
  onChanged: (team: SelfTeam) => void;
  /** The server refused: the page shows why and reloads the team, whose state may have changed meanwhile. */
  onRefused: (message: string) => void;
}

/** The other members may host instead: pick one, add a message for the partner, confirm. */
function HostChange({ team, teamPath, onChanged, onRefused }: HostChangeProps) {
  const { t } = useLingui();
  const [comment, setComment] = useState('');
  const [candidate, setCandidate] = useState<SelfTeamMember>();
  const { errors, show, clear } = useFieldErrors();
  const self = team.teamMembers.find((m) => m.isSelf)!;
  const others = team.teamMembers.filter((m) => !m.isSelf);
  const othersNames = others.map(fullName).join(', ');
  const candidates = team.teamMembers.filter((m) => m.id !== team.hostTeamMemberId);

  const change = async (newHost: SelfTeamMember) => {
    clear();
    try {
      const updated = await api.put<SelfTeam>(`${teamPath}/teamhost`, {
        teamId: team.teamId,
        participantId: self.id,
        newHostingTeamMemberId: newHost.id,
        comment,
      });
      setCandidate(undefined);
      setComment('');
      onChanged(updated);
      const name = fullName(newHost);
      toast(newHost.isSelf ? t`You are now your team's host.` : t`${name} is now your team's host.`, 'success');
    } catch (error) {
      setCandidate(undefined);
      if (error instanceof ApiError && error.status === 406 && error.issues.length > 0) show(error.issues);
      else onRefused(errorMessage(error));
    }
  };

  return (
    <section className={selfCardClass} aria-labelledby="self-host-change-heading" data-testid="self-host-change">
      <h2 id="self-host-change-heading" className="text-lg font-semibold text-gray-900">
        <Trans>Change the host</Trans>
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-gray-700">
        <Trans>
          Would you rather cook at another member's place? Change the host here: {othersNames} will be told by e-mail,
          together with your message.
        </Trans>
      </p>
      <TextAreaField
        className="mt-4"
        name="comment"
        rows={3}
        maxLength={COMMENT_MAX}
        label={<Trans>Message to {othersNames} (optional)</Trans>}
        value={comment}
        onChange={(value) => {
          setComment(value);
          clear('comment');
        }}
        error={errors.comment}
      />
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        {candidates.map((member) => {
          const name = fullName(member);
          return (
            <Button key={member.id} onClick={() => setCandidate(member)} className="w-full sm:w-auto">
              {member.isSelf ? <Trans>Host at my place</Trans> : <Trans>Let {name} host</Trans>}
            </Button>
          );
        })}
      </div>
      {candidate && (
        <ConfirmHostChange
          team={team}
          candidate={candidate}
          othersNames={othersNames}
          withComment={comment.trim() !== ''}
          onConfirm={() => change(candidate)}
          onClose={() => setCandidate(undefined)}
        />
      )}
    </section>
  );
}

interface ConfirmHostChangeProps {
  team: SelfTeam;
  candidate: SelfTeamMember;
  othersNames: string;
  withComment: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

function ConfirmHostChange({ team, candidate, othersNames, withComment, onConfirm, onClose }: ConfirmHostChangeProps) {
  const name = fullName(candidate);
  const meal = team.meal.label;
  const time = formatTime(team.meal.time);
  const address = `${candidate.street} ${candidate.streetNr}, ${candidate.zip} ${candidate.cityName}`;
  const seats = candidate.numSeats;
  const needed = team.seatsNeeded;
  return (
    <ConfirmDialog
      open
      title={candidate.isSelf ? <Trans>Host at your place?</Trans> : <Trans>Let {name} host?</Trans>}
      confirmLabel={<Trans>Change host</Trans>}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        <Trans>
          Your team then cooks {meal} at {time} at this address: <strong className="break-words">{address}</strong>
        </Trans>
      </p>
      {seats >= 0 && seats < needed && (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
          data-testid="self-host-seats-warning"
        >
          {candidate.isSelf ? (
            <Trans>
              You said you have seats for {seats}, but {needed} people eat at your table.
            </Trans>
          ) : (
            <Trans>
              {name} said there are seats for {seats}, but {needed} people eat at your table.
            </Trans>
          )}
        </p>
      )}
      <p>
        {withComment ? (
          <Trans>{othersNames} will be told by e-mail, with your message.</Trans>
        ) : (
          <Trans>{othersNames} will be told by e-mail.</Trans>
        )}
      </p>
    </ConfirmDialog>
  );
}

function TeamView({
  team,
  teamPath,
  onChanged,
  onReload,
}: Omit<HostChangeProps, 'onRefused'> & { onReload: () => void }) {
  const longDate = useLongDate();
  const [refusal, setRefusal] = useState<string>();
  const self = team.teamMembers.find((m) => m.isSelf);
  const host = team.teamMembers.find((m) => m.id === team.hostTeamMemberId);
  const partners = team.teamMembers
    .filter((m) => !m.isSelf)
    .map(fullName)
    .join(', ');
  const name = self?.firstnamePart || self?.lastname || '';
  const teamNumber = team.teamNumber;
  const meal = team.meal.label;
  const time = formatTime(team.meal.time);
  const kind = mealKind(team.meals.findIndex((m) => m.id === team.meal.id));
  const hostName = host ? fullName(host) : '';
  return (
    <div className="space-y-6" data-testid="self-team-page">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
          <Trans>Your team</Trans>
        </h1>
        <p className="mt-2 text-gray-700">
          {partners ? (
            <Trans>
              Hello {name}, you cook together with {partners}.
            </Trans>
          ) : (
            <Trans>Hello {name}, this is your team.</Trans>
          )}
        </p>
      </div>
      <section className={selfCardClass} aria-labelledby="self-team-heading">
        <p className="text-sm font-semibold text-primary-700">
          {longDate(team.date)} · <span className="break-words">{team.title}</span>
        </p>
        <h2 id="self-team-heading" className="mt-1 text-lg font-semibold text-gray-900">
          <Trans>Team {teamNumber}</Trans>
        </h2>
        <dl className="mt-4 space-y-3">
          <div>
            <dt className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
              <Trans>You cook</Trans>
            </dt>
            <dd className="mt-0.5 flex items-center gap-2 text-gray-900" data-testid="self-team-meal">
              <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${mealDotClass[kind]}`} />
              <Trans>
                {meal} at {time}
              </Trans>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
              <Trans>Where</Trans>
            </dt>
            <dd className="mt-0.5 text-gray-900" data-testid="self-team-host">
              {host ? (
                <>
                  <span className="block font-medium">
                    {host.isSelf ? <Trans>At your place</Trans> : <Trans>At {hostName}'s place</Trans>}
                  </span>
                  <span className="block text-gray-700">
                    <AddressLines address={host} />
                  </span>
                  {host.addressRemarks && <span className="block text-sm text-gray-600">{host.addressRemarks}</span>}
                </>
              ) : (
                <Trans>Not decided yet</Trans>
              )}
            </dd>
          </div>
        </dl>
        <h3 className="mt-6 text-sm font-semibold text-gray-900">
          <Trans>Members</Trans>
        </h3>
        <ul className="mt-2 grid gap-3 sm:grid-cols-2">
          {team.teamMembers.map((member) => (
            <MemberCard key={member.id} member={member} hosts={member.id === team.hostTeamMemberId} />
          ))}
        </ul>
        {!team.hostChangeable && <NotChangeable team={team} />}
      </section>
      {refusal && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
          data-testid="self-error"
        >
          {refusal}
        </p>
      )}
      {team.hostChangeable && (
        <HostChange
          team={team}
          teamPath={teamPath}
          onChanged={(next) => {
            setRefusal(undefined);
            onChanged(next);
          }}
          onRefused={(message) => {
            setRefusal(message);
            onReload();
          }}
        />
      )}
    </div>
  );
}

/** /self/{selfAdminId}/teamhost/{participantId}/{teamId}: the team mail's link, where either member can change the host. */
export function TeamHostPage() {
  const { t } = useLingui();
  usePageTitle(t`Your team`);
  const {
    selfAdminId = '',
    participantId = '',
    teamId = '',
  } = useParams<{ selfAdminId: string; participantId: string; teamId: string }>();
  const teamPath = `/self/v1/${selfAdminId}/${participantId}/${teamId}`;
  return (
    <>
      <BackToPersonalPage />
      <SelfData<SelfTeam> path={`${teamPath}/team`} loadingLabel={t`Loading your team…`}>
        {(team, mutate) => (
          <TeamView
            team={team}
            teamPath={teamPath}
            onChanged={(next) => void mutate(next, { revalidate: false })}
            onReload={() => void mutate()}
          />
        )}
      </SelfData>
    </>
  );
}
