import type { AnyMessage } from '../../../contract/messages.js';
import { MessagesMessage } from '../../../contract/messages.messages.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import type { Issue } from '../../../domain/validation.js';
import { msgId } from '../../../domain/validation-messages.js';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../lib/errors.js';
import {
  type ComposedMail,
  loadMailContext,
  type MailContext,
  participantMails,
  previewParticipant,
  previewTeam,
  teamMails,
} from './messages.compose.js';
import { withFooter } from './messages.texts.js';
import { dinnerRouteMails } from './route-mails.js';
import { previewUpdate, updateMails } from './update-mails.js';

/** Ids of a custom selection the dinner does not know: named, so a stale selection is not silently smaller. */
function unknownSelectionIssues(context: MailContext, message: AnyMessage): Issue[] {
  if (message.messageType === 'PARTICIPANT') {
    const { participantSelection, customSelectedParticipantIds } = message.message;
    const known = new Set(context.participants.map((p) => p.id));
    const unknown =
      participantSelection === 'CUSTOM_SELECTION' && customSelectedParticipantIds.some((id) => !known.has(id));
    return unknown ? [{ field: 'customSelectedParticipantIds', message: msgId('invalidValue') }] : [];
  }
  if (message.messageType === 'UPDATE') {
    const known = new Set(context.participants.map((p) => p.id));
    const unknown = message.message.participantIds?.some((id) => !known.has(id));
    return unknown ? [{ field: 'participantIds', message: msgId('invalidValue') }] : [];
  }
  const { teamSelection, customSelectedTeamIds } = message.message;
  const known = new Set(context.teams.map((t) => t.id));
  const unknown = teamSelection === 'CUSTOM_SELECTION' && customSelectedTeamIds.some((id) => !known.has(id));
  return unknown ? [{ field: 'customSelectedTeamIds', message: msgId('invalidValue') }] : [];
}

/** Every mail of the message, one per address, in the order the recipients were chosen. */
export function composeAll(deps: Deps, context: MailContext, message: AnyMessage): ComposedMail[] {
  switch (message.messageType) {
    case 'PARTICIPANT':
      return participantMails(context, message.message);
    case 'TEAM':
      return teamMails(deps, context, message.message);
    case 'DINNER_ROUTE':
      return dinnerRouteMails(deps, context, message.message);
    case 'UPDATE':
      return updateMails(deps, context, message.message);
  }
}

/** The mails of the recipient a preview shows (a participant, or the members of a team). */
export function composeFirst(deps: Deps, context: MailContext, message: AnyMessage): ComposedMail[] {
  switch (message.messageType) {
    case 'PARTICIPANT':
      return participantMails(context, message.message, previewParticipant(context, message.message));
    case 'TEAM':
      return teamMails(deps, context, message.message, previewTeam(context, message.message));
    case 'DINNER_ROUTE':
      return dinnerRouteMails(deps, context, message.message, previewTeam(context, message.message));
    case 'UPDATE':
      return previewUpdate(deps, context, message.message);
  }
}

const SELECTION_FIELD = {
  PARTICIPANT: 'participantSelection',
  TEAM: 'teamSelection',
  DINNER_ROUTE: 'teamSelection',
  UPDATE: 'participantIds',
} as const;

/** Why a message reaches nobody: nobody chosen, or (an update) nobody whose team or route changed. */
const noRecipients = (message: AnyMessage) =>
  message.messageType === 'UPDATE' ? MessagesMessage.noUpdates.id : MessagesMessage.noRecipients.id;

/** The mails `compose` makes of the message, with the footer; a stale selection or no recipient at all is refused. */
export async function composeChecked(
  deps: Deps,
  dinner: RunningDinnerRow,
  message: AnyMessage,
  compose: typeof composeAll,
): Promise<ComposedMail[]> {
  const context = await loadMailContext(deps.db, dinner);
  const issues = unknownSelectionIssues(context, message);
  if (issues.length > 0) throw new ValidationError(issues);
  const mails = compose(deps, context, message);
  if (mails.length === 0)
    throw new ValidationError([{ field: SELECTION_FIELD[message.messageType], message: noRecipients(message) }]);
  return withFooters(dinner, mails);
}

/** Each mail ends with the footer in its reader's language. */
export const withFooters = (dinner: RunningDinnerRow, mails: ComposedMail[]): ComposedMail[] =>
  mails.map((mail) => ({ ...mail, text: withFooter({ ...dinner, language_code: mail.language }, mail.text) }));
