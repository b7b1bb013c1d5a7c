import type { SelfTeam, SelfTeamMember } from '@contract/self-teams';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { TextAreaField, useFieldErrors } from '../../../components/form';
import { ApiError, api, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toasts';
import { selfCardClass } from '../SelfPage';
import { ConfirmHostChange } from './ConfirmHostChange';

const COMMENT_MAX = 1024;

export interface HostChangeProps {
  team: SelfTeam;
  teamPath: string;
  onChanged: (team: SelfTeam) => void;
  /** The server refused: the page shows why and reloads the team, whose state may have changed meanwhile. */
  onRefused: (message: string) => void;
}

/** The other members may host instead: pick one, add a message for the partner, confirm. */
export function HostChange({ team, teamPath, onChanged, onRefused }: HostChangeProps) {
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
