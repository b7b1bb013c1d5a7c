import type { RunningDinner } from '@contract/dinner';
import {
  type Participant,
  type ParticipantInput,
  type PersonalLink,
  validateParticipantInput,
} from '@contract/participants';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { BackLink } from '../../components/BackLink';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CopyButton } from '../../components/CopyButton';
import { formatTimestamp } from '../../components/dateFormat';
import { FormSection, TextAreaField, TextField, unplacedIssues, useFieldErrors } from '../../components/form';
import { PageTitle } from '../../components/PageTitle';
import { RetryLine } from '../../components/RetryLine';
import { Skeleton } from '../../components/Skeleton';
import { ApiError, errorMessage } from '../../lib/api';
import { snackbar, toast } from '../../lib/toasts';
import { isReadOnly, useAdminId } from '../admin/hooks';
import {
  emptyParticipantFieldValues,
  ParticipantFields,
  type ParticipantFieldValues,
  participantFieldValuesOf,
} from '../shared/participant/ParticipantFields';
import { DeleteParticipantDialog } from './DeleteParticipantDialog';
import { participantsPath, useParticipant, useParticipantActions, useParticipants } from './hooks';
import { Badge, PartnerWishBadge, RegisteredTogetherBadge } from './ParticipantBadges';
import { offerPath, PartnerWishOffer, usePartnerWishOffer } from './PartnerWishOffer';
import { everyoneIn } from './participantList';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

/** /admin/{adminId}/participants/{participantId} and …/participants/new */
export function ParticipantDetailPage({ dinner, participantId }: { dinner: RunningDinner; participantId?: string }) {
  const { t } = useLingui();
  const { data: participant, error, mutate } = useParticipant(participantId);
  return (
    <div className="max-w-3xl">
      <BackLink href="/participants" testId="back-to-participants" underline="hover">
        <Trans>All participants</Trans>
      </BackLink>
      {participantId && error?.status === 404 ? (
        <Card testId="participant-not-found">
          <p className="font-semibold text-gray-900">
            <Trans>This participant does not exist (any more).</Trans>
          </p>
          <p className="mt-1 text-sm text-gray-700">
            <Trans>Maybe they were deleted in the meantime.</Trans>
          </p>
        </Card>
      ) : participantId && error ? (
        <Card>
          <RetryLine
            message={`${t`The participant could not be loaded.`} ${error.message}`}
            onRetry={() => void mutate()}
          />
        </Card>
      ) : participantId && !participant ? (
        <FormSkeleton />
      ) : (
        <ParticipantForm dinner={dinner} participant={participant} />
      )}
    </div>
  );
}

interface FormValues {
  fields: ParticipantFieldValues;
  teamPartnerWishEmail: string;
  notes: string;
}

const valuesOf = (p: Participant | undefined): FormValues =>
  p
    ? { fields: participantFieldValuesOf(p), teamPartnerWishEmail: p.teamPartnerWishEmail ?? '', notes: p.notes }
    : { fields: emptyParticipantFieldValues, teamPartnerWishEmail: '', notes: '' };

/** What goes to the schema: the form's strings as they are (the schema accepts digit strings for age and seats). */
const inputOf = (v: FormValues) => ({
  ...v.fields,
  teamPartnerWishEmail: v.teamPartnerWishEmail.trim() || null,
  notes: v.notes,
});

const SHOWN_FIELDS = [...Object.keys(emptyParticipantFieldValues), 'teamPartnerWishEmail', 'notes'];

function ParticipantForm({ dinner, participant }: { dinner: RunningDinner; participant: Participant | undefined }) {
  const { t } = useLingui();
  const adminId = useAdminId();
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const { save } = useParticipantActions();
  const offerPartnerWish = usePartnerWishOffer((s) => s.offer);
  const readOnly = isReadOnly(dinner);
  const wishesDisabled = dinner.options.teamPartnerWishDisabled;
  const [saved, setSaved] = useState<FormValues>(() => valuesOf(participant));
  const [values, setValues] = useState<FormValues>(saved);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { errors, show, clear } = useFieldErrors();
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(saved), [values, saved]);
  const guardDialog = useUnsavedChangesGuard(dirty && !readOnly);

  const setFields = (fields: ParticipantFieldValues) => {
    for (const key of Object.keys(fields) as (keyof ParticipantFieldValues)[])
      if (fields[key] !== values.fields[key]) clear(key);
    setValues((v) => ({ ...v, fields }));
  };
  const setOwn = (key: 'teamPartnerWishEmail' | 'notes') => (value: string) => {
    clear(key);
    setValues((v) => ({ ...v, [key]: value }));
  };

  const showIssues = (issues: Parameters<typeof show>[0]) => {
    show(issues);
    const elsewhere = unplacedIssues(issues, SHOWN_FIELDS);
    toast(
      elsewhere.length > 0
        ? elsewhere.map((i) => `${i.field ?? ''} ${i.message}`.trim()).join(' · ')
        : t`Some input fields are not yet correct, please check the red marked fields`,
      'error',
    );
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || readOnly) return;
    const checked = validateParticipantInput(inputOf(values));
    if (!checked.ok) return showIssues(checked.issues);
    setBusy(true);
    try {
      const stored = await save(checked.value as ParticipantInput, participant?.id);
      const next = valuesOf(stored);
      setSaved(next);
      setValues(next);
      const name = fullName(stored);
      const wishChanged =
        stored.teamPartnerWishEmail !== null &&
        stored.teamPartnerWishEmail !== (participant?.teamPartnerWishEmail ?? null);
      if (wishChanged) {
        // Drop an answer cached by an earlier save: the dialog must show the state after this one.
        await mutate(offerPath(adminId, stored.id), undefined, { revalidate: false });
        offerPartnerWish(stored.id);
      }
      if (participant) {
        snackbar(t`Saved`);
      } else {
        snackbar(t`${name} was added.`);
        navigate(`/participants/${stored.id}`, { replace: true });
        window.scrollTo({ top: 0 });
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 406) showIssues(err.issues);
      else toast(err instanceof Error ? err.message : String(err), 'error');
    } finally {
      setBusy(false);
    }
  };

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

/** Number, confirmation, waiting list and registration time, as far as the list knows them. */
function ParticipantStatus({ participant }: { participant: Participant }) {
  const { data: list } = useParticipants();
  const number = participant.participantNumber;
  const registered = formatTimestamp(participant.createdAt);
  const waiting = list?.participantsWaitingList.some((p) => p.id === participant.id);
  return (
    <span className="mt-1 flex flex-wrap items-center gap-2 text-sm" data-testid="participant-status">
      {participant.activated && (
        <span className="font-semibold text-gray-900">
          <Trans>No. {number}</Trans>
        </span>
      )}
      {!participant.activated ? (
        <Badge tone="amber" testId="status-unconfirmed">
          <Trans>not confirmed yet</Trans>
        </Badge>
      ) : waiting ? (
        <Badge tone="amber" testId="status-waiting">
          <Trans>on the waiting list</Trans>
        </Badge>
      ) : (
        <Badge tone="green" testId="status-confirmed">
          <Trans>confirmed</Trans>
        </Badge>
      )}
      <span className="text-gray-600">
        <Trans>registered {registered}</Trans>
      </span>
    </span>
  );
}

/** The partner-wish state the server computed, as in the list. */
function PartnerState({ participant }: { participant: Participant }) {
  const { data: list } = useParticipants();
  const everyone = everyoneIn(list);
  const item = everyone.find((p) => p.id === participant.id);
  if (!item || (!item.teamPartnerWish && !item.teamPartnerWishOriginatorId)) return null;
  return (
    <div className="flex flex-wrap gap-1.5" data-testid="partner-state">
      <RegisteredTogetherBadge participant={item} everyone={everyone} />
      {item.teamPartnerWish && <PartnerWishBadge participant={item} wish={item.teamPartnerWish} everyone={everyone} />}
    </div>
  );
}

/** The participant's personal link, as their mails carry it: for the organiser to pass on when a mail got lost. */
function PersonalLinkCard({ participant }: { participant: Participant }) {
  const { t } = useLingui();
  const adminId = useAdminId();
  const { data, error, mutate } = useSWR<PersonalLink, ApiError>(
    participantsPath(adminId, `/participant/${participant.id}/personallink`),
  );
  const name = fullName(participant) || t`(no name)`;
  return (
    <Card className="mb-6" title={<Trans>Personal link</Trans>} testId="personal-link">
      <p className="text-sm text-gray-700">
        <Trans>
          Here {name} sees their registration and partner wish, and once the teams are made their team and dinner route.
          Send it to them if they cannot find their mail, and to nobody else.
        </Trans>
      </p>
      {error ? (
        <div className="mt-3">
          <RetryLine message={errorMessage(error)} onRetry={() => void mutate()} />
        </div>
      ) : !data ? (
        <Skeleton className="mt-3 h-9 w-full" />
      ) : (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
          <a
            href={data.url}
            target="_blank"
            rel="noreferrer"
            className="min-w-0 flex-1 break-all rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 font-mono text-xs text-gray-800 hover:underline"
            data-testid="personal-link-url"
          >
            {data.url}
          </a>
          <CopyButton text={data.url} className="shrink-0" />
        </div>
      )}
    </Card>
  );
}

function FormSkeleton() {
  return (
    <div className="space-y-6" data-testid="participant-loading">
      <Skeleton className="h-9 w-2/3" />
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <div className="grid gap-5 sm:grid-cols-2">
            {[0, 1, 2, 3].map((j) => (
              <div key={j} className="space-y-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-9 w-full" />
              </div>
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}
