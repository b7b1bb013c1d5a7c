import type { RunningDinner } from '@contract/dinner';
import type { Participant } from '@contract/participants';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/Button';
import { FormSection, TextAreaField, TextField } from '../../../components/form';
import { PageTitle } from '../../../components/PageTitle';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard';
import { ParticipantFields } from '../../shared/participant/ParticipantFields';
import { DeleteParticipantDialog } from '../DeleteParticipantDialog';
import { PartnerWishOffer } from '../PartnerWishOffer';
import { ParticipantStatus } from './ParticipantStatus';
import { ParticipantTeamCard } from './ParticipantTeamCard';
import { PartnerState } from './PartnerState';
import { PersonalLinkCard } from './PersonalLinkCard';
import { UndeliverableNotice } from './UndeliverableNotice';
import { useParticipantForm } from './useParticipantForm';

/** A participant's details to edit, or an empty form for a new one; with their state and personal link once known. */
export function ParticipantForm({
  dinner,
  participant,
}: {
  dinner: RunningDinner;
  participant: Participant | undefined;
}) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const { values, errors, busy, dirty, readOnly, setFields, setOwn, submit } = useParticipantForm(dinner, participant);
  const wishesDisabled = dinner.options.teamPartnerWishDisabled;
  const [deleting, setDeleting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const guardDialog = useUnsavedChangesGuard(
    dirty && !readOnly,
    <Trans>You changed this participant but did not save. If you leave now, the changes are lost.</Trans>,
  );

  const title = participant ? fullName(participant) || t`(no name)` : t`New participant`;
  return (
    <>
      <PageTitle
        sub={
          participant ? (
            <ParticipantStatus participant={participant} />
          ) : (
            <Trans>Only the last name is needed. Everything else you can add later.</Trans>
          )
        }
      >
        <span className="break-words" data-testid="participant-title">
          {title}
        </span>
      </PageTitle>
      {participant && <PartnerWishOffer dinner={dinner} participantId={participant.id} />}
      {participant && <UndeliverableNotice participant={participant} />}
      {participant && <ParticipantTeamCard participant={participant} />}
      {participant && <PersonalLinkCard participant={participant} />}
      <form
        ref={formRef}
        onSubmit={(e) => void submit(e)}
        noValidate
        className="space-y-6"
        data-testid="participant-form"
        aria-busy={busy}
      >
        <ParticipantFields
          value={values.fields}
          onChange={setFields}
          errors={errors}
          required="organiser"
          disabled={readOnly || busy}
        />
        {!wishesDisabled && (
          <FormSection title={<Trans>Team partner</Trans>}>
            {participant && <PartnerState participant={participant} />}
            <TextField
              name="teamPartnerWishEmail"
              type="email"
              inputMode="email"
              autoCapitalize="off"
              spellCheck={false}
              autoComplete="off"
              maxLength={255}
              label={<Trans>Team partner wish (e-mail)</Trans>}
              hint={
                <Trans>
                  The e-mail address of the person they want to cook with. When both name each other, they become a
                  fixed pair.
                </Trans>
              }
              value={values.teamPartnerWishEmail}
              onChange={setOwn('teamPartnerWishEmail')}
              error={errors.teamPartnerWishEmail}
              disabled={readOnly || busy}
            />
          </FormSection>
        )}
        <FormSection title={<Trans>Notes</Trans>}>
          <TextAreaField
            name="notes"
            label={<Trans>Your notes</Trans>}
            hint={<Trans>Only you see them.</Trans>}
            rows={3}
            maxLength={2048}
            value={values.notes}
            onChange={setOwn('notes')}
            error={errors.notes}
            disabled={readOnly || busy}
          />
        </FormSection>
        {!readOnly && (
          <div className="sticky bottom-0 z-10 -mx-4 flex items-center gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:shadow-sm">
            {participant && (
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50"
                onClick={() => setDeleting(true)}
                data-testid="delete-participant"
              >
                <Trans>Delete…</Trans>
              </Button>
            )}
            <span className="flex-1 text-right text-xs text-gray-600 sm:text-sm" aria-live="polite">
              {dirty && <Trans>Unsaved changes</Trans>}
            </span>
            <Button type="submit" disabled={busy} data-testid="save-participant">
              {busy ? <Trans>Saving…</Trans> : participant ? <Trans>Save</Trans> : <Trans>Add participant</Trans>}
            </Button>
          </div>
        )}
      </form>
      {participant && (
        <DeleteParticipantDialog
          participant={deleting ? participant : null}
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate('/participants', { replace: true })}
        />
      )}
      {guardDialog}
    </>
  );
}
