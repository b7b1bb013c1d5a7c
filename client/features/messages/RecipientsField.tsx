import type { MessageType, ParticipantSelection, Recipient } from '@contract/messages';
import type { Team } from '@contract/teams';
import type { ParticipantUpdate } from '@contract/updates';
import { fullName } from '@domain/participants/names';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { FieldError, RadioCardGroup } from '../../components/form';
import { PickDialog } from '../../components/pick/PickDialog';
import type { PickOption } from '../../components/pick/pickOption';
import { type Draft, mailableTeams, membersOf, type TeamSelection } from './compose';
import { UpdatesList } from './updates/UpdatesList';

interface RecipientsFieldProps {
  type: MessageType;
  draft: Draft;
  recipients: readonly Recipient[];
  teams: readonly Team[];
  updates: readonly ParticipantUpdate[];
  error?: string;
  onChange: (patch: Partial<Draft>) => void;
}

/** Who gets the message: a choice with counts and a dialog for a custom selection; an update's list of people. */
export function RecipientsField(props: RecipientsFieldProps) {
  if (props.type === 'UPDATE')
    return (
      <>
        <UpdatesList updates={props.updates} />
        <FieldError id="recipients-error" error={props.error} />
      </>
    );
  return props.type === 'PARTICIPANT' ? <ParticipantRecipients {...props} /> : <TeamRecipients {...props} />;
}

function ParticipantRecipients({ draft, recipients, teams, error, onChange }: RecipientsFieldProps) {
  const { t } = useLingui();
  const [picking, setPicking] = useState(false);
  const assigned = recipients.filter((r) => r.teamId !== null).length;
  const chosen = draft.customSelectedParticipantIds.length;
  const teamNumber = new Map(teams.map((team) => [team.id, team.teamNumber]));
  const options: { value: ParticipantSelection; label: React.ReactNode; description?: React.ReactNode }[] = [
    {
      value: 'ALL',
      label: <Trans>All ({recipients.length})</Trans>,
      description: <Trans>Everyone with an e-mail address, the waiting list too.</Trans>,
    },
    ...(assigned > 0
      ? ([
          { value: 'ASSIGNED_TO_TEAM', label: <Trans>Assigned to a team ({assigned})</Trans> },
          {
            value: 'NOT_ASSIGNED_TO_TEAM',
            label: <Trans>Not assigned ({recipients.length - assigned})</Trans>,
            description: <Trans>The waiting list.</Trans>,
          },
        ] as const)
      : []),
    {
      value: 'CUSTOM_SELECTION',
      label:
        draft.participantSelection === 'CUSTOM_SELECTION' ? (
          <Trans>Custom selection ({chosen})</Trans>
        ) : (
          <Trans>Custom selection</Trans>
        ),
      description: <Trans>You choose who gets it.</Trans>,
    },
  ];
  const pickOptions: PickOption[] = recipients.map((r) => {
    const number = r.teamId ? teamNumber.get(r.teamId) : undefined;
    return {
      id: r.id,
      label: fullName(r) || r.email,
      detail: number !== undefined ? `${r.email} · ${t`Team ${number}`}` : r.email,
      // Before the teams exist everyone is without a team: only then is nobody "on the waiting list".
      badge: assigned > 0 && r.onWaitingList ? <Trans>waiting list</Trans> : undefined,
      searchText: `${r.email} ${number !== undefined ? t`Team ${number}` : ''}`,
    };
  });
  return (
    <div data-testid="recipients">
      <RadioCardGroup<ParticipantSelection>
        name="participantSelection"
        label={<Trans>Recipients</Trans>}
        value={draft.participantSelection}
        columns={2}
        onChange={(value) => {
          onChange({ participantSelection: value });
          if (value === 'CUSTOM_SELECTION' && chosen === 0) setPicking(true);
        }}
        options={options}
      />
      {draft.participantSelection === 'CUSTOM_SELECTION' && (
        <CustomLine count={chosen} onPick={() => setPicking(true)} kind="people" />
      )}
      <FieldError error={error} />
      <PickDialog
        multiple
        open={picking}
        title={<Trans>Choose the recipients</Trans>}
        description={<Trans>Only the people you tick get the message.</Trans>}
        searchPlaceholder={t`Name, e-mail or team`}
        options={pickOptions}
        selected={draft.customSelectedParticipantIds}
        emptyText={<Trans>Nothing matches your search.</Trans>}
        listLabel={t`Recipients`}
        testId="pick-recipients"
        onClose={() => setPicking(false)}
        onApply={(ids) => {
          onChange({ customSelectedParticipantIds: ids, participantSelection: 'CUSTOM_SELECTION' });
          setPicking(false);
        }}
      />
    </div>
  );
}

function TeamRecipients({ draft, teams, error, onChange }: RecipientsFieldProps) {
  const { t } = useLingui();
  const [picking, setPicking] = useState(false);
  const mailable = mailableTeams(teams);
  const chosen = draft.customSelectedTeamIds.length;
  const people = membersOf(mailable).length;
  const options: { value: TeamSelection; label: React.ReactNode; description?: React.ReactNode }[] = [
    {
      value: 'ALL',
      label: <Trans>All teams ({mailable.length})</Trans>,
      description: <Trans>{people} people: every member of every team.</Trans>,
    },
    {
      value: 'CUSTOM_SELECTION',
      label:
        draft.teamSelection === 'CUSTOM_SELECTION' ? (
          <Trans>Custom selection ({chosen})</Trans>
        ) : (
          <Trans>Custom selection</Trans>
        ),
      description: <Trans>You choose the teams; both members get it.</Trans>,
    },
  ];
  const pickOptions: PickOption[] = mailable.map((team) => {
    const members = team.teamMembers.map(fullName).join(', ');
    return {
      id: team.id,
      label: t`Team ${team.teamNumber}`,
      detail: `${team.meal.label} · ${members}`,
      searchText: `${team.meal.label} ${members}`,
    };
  });
  return (
    <div data-testid="recipients">
      <RadioCardGroup<TeamSelection>
        name="teamSelection"
        label={<Trans>Recipients</Trans>}
        value={draft.teamSelection}
        columns={2}
        onChange={(value) => {
          onChange({ teamSelection: value });
          if (value === 'CUSTOM_SELECTION' && chosen === 0) setPicking(true);
        }}
        options={options}
      />
      {draft.teamSelection === 'CUSTOM_SELECTION' && (
        <CustomLine count={chosen} onPick={() => setPicking(true)} kind="teams" />
      )}
      <FieldError error={error} />
      <PickDialog
        multiple
        open={picking}
        title={<Trans>Choose the teams</Trans>}
        description={<Trans>Both members of every team you tick get the message.</Trans>}
        searchPlaceholder={t`Team number, meal or name`}
        options={pickOptions}
        selected={draft.customSelectedTeamIds}
        emptyText={<Trans>Nothing matches your search.</Trans>}
        listLabel={t`Recipients`}
        testId="pick-teams"
        onClose={() => setPicking(false)}
        onApply={(ids) => {
          onChange({ customSelectedTeamIds: ids, teamSelection: 'CUSTOM_SELECTION' });
          setPicking(false);
        }}
      />
    </div>
  );
}

function CustomLine({ count, kind, onPick }: { count: number; kind: 'people' | 'teams'; onPick: () => void }) {
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2">
      <span className="text-sm text-gray-800" data-testid="custom-count">
        {count === 0 ? (
          <Trans>Nobody chosen yet.</Trans>
        ) : kind === 'people' ? (
          <Plural value={count} one="# person chosen" other="# people chosen" />
        ) : (
          <Plural value={count} one="# team chosen" other="# teams chosen" />
        )}
      </span>
      <Button variant="secondary" className="py-1.5" onClick={onPick} data-testid="pick-open">
        {count === 0 ? <Trans>Choose…</Trans> : <Trans>Change…</Trans>}
      </Button>
    </div>
  );
}
