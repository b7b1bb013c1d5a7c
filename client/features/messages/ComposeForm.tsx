import type { RunningDinner } from '@contract/dinner';
import {
  MESSAGE_MAX,
  MESSAGE_SCHEMAS,
  type MessageTemplates,
  type MessageType,
  PLACEHOLDERS,
  type Recipient,
  SUBJECT_MAX,
} from '@contract/messages';
import { MessagesMessage } from '@contract/messages.messages';
import type { Team } from '@contract/teams';
import type { ParticipantUpdate } from '@contract/updates';
import type { Issue } from '@domain/validation';
import { validate } from '@domain/validation';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatTimestamp } from '../../components/dateFormat';
import { useFieldErrors } from '../../components/form';
import { ApiError, errorMessage, idempotencyKey } from '../../lib/api';
import { toast } from '../../lib/toasts';
import { useAdminId } from '../admin/hooks';
import {
  bodyOf,
  type Draft,
  draftFrom,
  mailableTeams,
  mailCount,
  selectedPeople,
  TEXT_FIELDS,
  textsAreDefault,
  useDrafts,
} from './compose';
import { useMessageActions } from './hooks';
import { fieldHint, fieldLabel } from './labels';
import { PreviewPane } from './PreviewPane';
import { RecipientsField } from './RecipientsField';
import { SendDialog } from './SendDialog';
import { proposedSendTime } from './scheduling';
import { TemplateField } from './TemplateField';

interface ComposeFormProps {
  type: MessageType;
  dinner: RunningDinner;
  templates: MessageTemplates;
  recipients: readonly Recipient[];
  teams: readonly Team[];
  /** Who needs an update (the update type's recipients). */
  updates: readonly ParticipantUpdate[];
}

/** Issues of these fields are shown under the recipients. */
const SELECTION_FIELDS = [
  'participantSelection',
  'customSelectedParticipantIds',
  'teamSelection',
  'customSelectedTeamIds',
  'participantIds',
];

function withoutGone(draft: Draft, recipients: readonly Recipient[], teams: readonly Team[]): Draft {
  const people = new Set(recipients.map((r) => r.id));
  const mailable = new Set(mailableTeams(teams).map((team) => team.id));
  const participantIds = draft.customSelectedParticipantIds.filter((id) => people.has(id));
  const teamIds = draft.customSelectedTeamIds.filter((id) => mailable.has(id));
  if (
    participantIds.length === draft.customSelectedParticipantIds.length &&
    teamIds.length === draft.customSelectedTeamIds.length
  )
    return draft;
  return { ...draft, customSelectedParticipantIds: participantIds, customSelectedTeamIds: teamIds };
}

/** The form of one type: recipients, the texts with their placeholders, the live preview beside it, "send to me" and "send". */
export function ComposeForm({ type, dinner, templates, recipients, teams, updates }: ComposeFormProps) {
  const { t } = useLingui();
  const adminId = useAdminId();
  const [, navigate] = useLocation();
  const draftKey = `${adminId}:${type}`;
  const stored = useDrafts((s) => s.drafts[draftKey]);
  const storeDraft = useDrafts((s) => s.set);
  const dropDraft = useDrafts((s) => s.drop);
  // A custom selection drops whoever left meanwhile (deleted, or a cancelled team), rather than being refused.
  const draft = withoutGone(stored ?? draftFrom(type, templates), recipients, teams);
  const { errors, show, clear, setErrors } = useFieldErrors();
  const actions = useMessageActions(type);
  const [sendKey, setSendKey] = useState<string | null>(null);
  const [sampling, setSampling] = useState(false);
  const [resetting, setResetting] = useState(false);

  const change = (patch: Partial<Draft>) => {
    storeDraft(draftKey, { ...draft, ...patch });
    for (const field of Object.keys(patch)) clear(SELECTION_FIELDS.includes(field) ? 'recipients' : field);
  };

  const people = selectedPeople(type, draft, recipients, teams, updates);
  const mails = mailCount(people);
  const body = bodyOf(type, draft);
  const checked = validate(MESSAGE_SCHEMAS[type], body);
  const textIssues = checked.ok ? [] : checked.issues.filter((issue) => !SELECTION_FIELDS.includes(issue.field ?? ''));
  const blockedBy =
    textIssues.length === 0 ? null : textIssues.some((issue) => issue.message === 'validation.tooLong') ? (
      <Trans>A text is longer than allowed. Shorten it to see the preview.</Trans>
    ) : (
      <Trans>The preview appears once the subject and every text are filled in.</Trans>
    );

  /** Shows every problem under its field (recipients under the choice) and focuses the first. */
  const showIssues = (issues: Issue[]) =>
    show(
      issues.map((issue) => (SELECTION_FIELDS.includes(issue.field ?? '') ? { ...issue, field: 'recipients' } : issue)),
    );

  /** The local check before a send: the schema, and somebody to send to. */
  const readyToSend = (): boolean => {
    const issues = checked.ok ? [] : [...checked.issues];
    if (people.length === 0) issues.push({ field: 'recipients', message: MessagesMessage.noRecipients.id });
    if (issues.length === 0) return true;
    showIssues(issues);
    return false;
  };

  const failed = (e: unknown) => {
    if (e instanceof ApiError && e.status === 406 && e.issues.length > 0) {
      showIssues(e.issues);
      toast(t`Some input fields are not yet correct, please check the red marked fields`, 'error');
    } else {
      toast(errorMessage(e), 'error');
    }
  };

  const sendToMe = async () => {
    if (!readyToSend()) return;
    setSampling(true);
    try {
      const { sentTo } = await actions.sendToMe(body);
      toast(t`A sample went to ${sentTo}.`, 'success');
    } catch (e) {
      failed(e);
    } finally {
      setSampling(false);
    }
  };

  const startSend = () => {
    if (!readyToSend()) return;
    setErrors({});
    // One key a click: a retry after a failed answer reuses it, so the server makes one job however often it is asked.
    setSendKey(idempotencyKey());
  };

  const send = async (sendAt: string | undefined) => {
    if (!sendKey) return;
    try {
      const job = await actions.send(sendAt ? { ...body, sendAt } : body, sendKey);
      setSendKey(null);
      dropDraft(draftKey);
      if (job.sendAt) toast(t`Scheduled for ${formatTimestamp(job.sendAt)}.`, 'success');
      navigate(`/messages/jobs/${job.id}`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 406) setSendKey(null);
      failed(e);
    }
  };

  const locked = dinner.messagingLocked;
  const demo = dinner.runningDinnerType === 'DEMO';
  const unchanged = textsAreDefault(type, draft, templates);

  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <form
        className="min-w-0 space-y-6"
        noValidate
        onSubmit={(e) => e.preventDefault()}
        aria-label={t`Compose the message`}
        data-testid="compose-form"
      >
        <Card>
          <RecipientsField
            type={type}
            draft={draft}
            recipients={recipients}
            teams={teams}
            updates={updates}
            error={errors.recipients}
            onChange={change}
          />
        </Card>
        <Card
          title={<Trans>Message</Trans>}
          action={
            <Button
              variant="ghost"
              className="-my-1 px-2 py-1"
              disabled={unchanged}
              onClick={() => setResetting(true)}
              data-testid="reset-texts"
            >
              <Trans>Default text</Trans>
            </Button>
          }
        >
          <div className="space-y-6">
            {TEXT_FIELDS[type].map((field) => (
              <TemplateField
                key={field.name}
                name={field.name}
                label={fieldLabel[field.name]}
                hint={fieldHint[field.name]}
                value={draft[field.name]}
                onChange={(value) => change({ [field.name]: value })}
                error={errors[field.name]}
                multiline={field.multiline}
                maxLength={field.name === 'subject' ? SUBJECT_MAX : MESSAGE_MAX}
                placeholders={field.placeholders ? PLACEHOLDERS[field.placeholders] : []}
                rows={field.name === 'message' ? 10 : 4}
              />
            ))}
          </div>
        </Card>
      </form>
      <div className="min-w-0 xl:sticky xl:top-4">
        <PreviewPane
          type={type}
          draft={draft}
          people={people}
          blockedBy={blockedBy}
          actions={
            <>
              {locked && (
                <p className="text-sm text-amber-900 sm:mr-auto sm:self-center" data-testid="send-locked">
                  <Trans>Sending is possible once you confirmed your e-mail address.</Trans>{' '}
                  <Link href="/resend" className="font-semibold underline underline-offset-2">
                    <Trans>Resend the link</Trans>
                  </Link>
                </p>
              )}
              <Button
                variant="secondary"
                disabled={locked || sampling}
                onClick={() => void sendToMe()}
                data-testid="send-to-me"
              >
                {sampling ? <Trans>Sending the sample…</Trans> : <Trans>Send to me</Trans>}
              </Button>
              <Button disabled={locked} onClick={startSend} data-testid="send">
                <Trans>Send…</Trans>
              </Button>
            </>
          }
        />
      </div>
      <SendDialog
        open={sendKey !== null}
        recipients={people.length}
        mails={mails}
        subject={draft.subject}
        demoTo={demo ? dinner.email : null}
        proposedLater={proposedSendTime(type, dinner)}
        onClose={() => setSendKey(null)}
        onSend={send}
      />
      <ConfirmDialog
        open={resetting}
        title={<Trans>Start again with the default text?</Trans>}
        confirmLabel={<Trans>Use the default text</Trans>}
        onClose={() => setResetting(false)}
        onConfirm={async () => {
          const defaults = draftFrom(type, templates);
          change(Object.fromEntries(TEXT_FIELDS[type].map(({ name }) => [name, defaults[name]])));
          setErrors({});
          setResetting(false);
        }}
      >
        <p>
          <Trans>What you wrote is replaced by the default text. The recipients stay as they are.</Trans>
        </p>
      </ConfirmDialog>
    </div>
  );
}
