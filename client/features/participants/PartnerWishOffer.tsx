import type { RunningDinner } from '@contract/dinner';
import type { TeamPartnerWishDetails } from '@contract/team-partner-wish';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import { create } from 'zustand';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAction } from '../../components/useAction';
import { type ApiError, api } from '../../lib/api';
import { useAdminId } from '../admin/hooks';
import { participantsPath, useParticipantActions } from './hooks';

/** UI state only: for which participant, just saved, to offer completing the partner wish. */
export const usePartnerWishOffer = create<{
  offerFor: string | null;
  offer: (participantId: string) => void;
  dismiss: () => void;
}>((set) => ({
  offerFor: null,
  offer: (participantId) => set({ offerFor: participantId }),
  dismiss: () => set({ offerFor: null }),
}));

/** Only these two can be completed by the organiser: the partner has no wish yet, or has not registered. */
export const offerPath = (adminId: string, participantId: string) =>
  participantsPath(
    adminId,
    `/participant/${participantId}/team-partner-wish?relevantState=NOT_EXISTING&relevantState=EXISTS_EMPTY_TEAM_PARTNER_WISH`,
  );

/**
 * After saving a one-sided wish, a dialog offers to complete it: set the registered partner's wish too, or
 * invite the partner who has not registered (not in a CLOSED event, where nobody can register).
 */
export function PartnerWishOffer({ dinner, participantId }: { dinner: RunningDinner; participantId: string }) {
  const { t } = useLingui();
  const adminId = useAdminId();
  const { offerFor, dismiss } = usePartnerWishOffer();
  const { refreshAll } = useParticipantActions();
  const { run } = useAction();
  const active = offerFor === participantId;
  // No deduping: two saves in a row must each ask the server again.
  const { data } = useSWR<TeamPartnerWishDetails | null, ApiError>(active ? offerPath(adminId, participantId) : null, {
    dedupingInterval: 0,
  });
  const invitationImpossible = data?.state === 'NOT_EXISTING' && dinner.basicDetails.registrationType === 'CLOSED';
  // The partner's wish is an e-mail address: without one of their own, nobody can name this participant.
  const partnerWishImpossible = data?.state === 'EXISTS_EMPTY_TEAM_PARTNER_WISH' && !data.participant.email;
  const open = active && !!data && !invitationImpossible && !partnerWishImpossible;

  const name = data ? fullName(data.participant) : '';
  const email = data?.participant.teamPartnerWishEmail ?? '';
  const partnerName = data?.partner ? fullName(data.partner) : '';
  const inviting = data?.state === 'NOT_EXISTING';

  const complete = () =>
    run(
      async () => {
        await api.put<TeamPartnerWishDetails>(
          participantsPath(adminId, `/participant/${participantId}/team-partner-wish`),
        );
        refreshAll();
        dismiss();
      },
      inviting
        ? t`Invitation sent to ${email}.`
        : t`${partnerName} and ${name} now wish each other: they are a fixed pair.`,
    );

  return (
    <ConfirmDialog
      open={open}
      title={<Trans>Team partner wish</Trans>}
      confirmLabel={inviting ? <Trans>Send {email} an invitation</Trans> : <Trans>Also set {partnerName}’s wish</Trans>}
      onConfirm={complete}
      onClose={dismiss}
    >
      <p data-testid="partner-wish-offer" data-state={data?.state}>
        {inviting ? (
          <Trans>
            Nobody with {email} has registered yet. We can send an invitation to register, naming {name} as their
            partner.
          </Trans>
        ) : (
          <Trans>
            {name} wishes to cook with {partnerName}, who has no wish yet. Set {name} as {partnerName}’s wish too, and
            the two become a fixed pair.
          </Trans>
        )}
      </p>
    </ConfirmDialog>
  );
}
