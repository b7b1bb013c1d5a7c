import * as v from 'valibot';
import type { Language } from '../domain/language.js';
import type { MailFailureType } from '../domain/messages/mail-failure.js';
import { multiLineText, singleLineText } from '../domain/validation.js';
import { msgId } from '../domain/validation-messages.js';

// Isomorphic: the wire schemas and types of the messaging centre (server and client).

export const MESSAGE_TYPES = ['PARTICIPANT', 'TEAM', 'DINNER_ROUTE', 'UPDATE'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The path segment of each type: `/mails/participant`, `/mails/team`, `/mails/dinnerroute`. */
export const MESSAGE_TYPE_OF_PATH: Record<string, MessageType> = {
  participant: 'PARTICIPANT',
  team: 'TEAM',
  dinnerroute: 'DINNER_ROUTE',
  update: 'UPDATE',
};

export const SUBJECT_MAX = 255;
export const MESSAGE_MAX = 2048;

const subject = v.pipe(
  singleLineText(msgId('required')),
  v.nonEmpty(msgId('required')),
  v.maxLength(SUBJECT_MAX, msgId('tooLong')),
);
const template = v.pipe(
  multiLineText(msgId('required')),
  v.nonEmpty(msgId('required')),
  v.maxLength(MESSAGE_MAX, msgId('tooLong')),
);
const ids = v.optional(v.array(v.string(msgId('invalidValue')), msgId('invalidValue')), []);

/** When a scheduled message goes out: an instant with its offset, or a local time in the event's time zone. */
export const sendAtSchema = v.pipe(
  v.string(msgId('invalidDateTime')),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/, msgId('invalidDateTime')),
);
const sendAt = v.optional(sendAtSchema);

const participantMessageSchema = v.strictObject(
  {
    sendAt,
    subject,
    message: template,
    participantSelection: v.picklist(
      ['ALL', 'ASSIGNED_TO_TEAM', 'NOT_ASSIGNED_TO_TEAM', 'CUSTOM_SELECTION'],
      msgId('required'),
    ),
    customSelectedParticipantIds: ids,
  },
  msgId('unknownField'),
);

const teamSelection = v.picklist(['ALL', 'CUSTOM_SELECTION'], msgId('required'));

const teamMessageSchema = v.strictObject(
  {
    sendAt,
    subject,
    message: template,
    hostMessagePartTemplate: template,
    nonHostMessagePartTemplate: template,
    teamSelection,
    customSelectedTeamIds: ids,
  },
  msgId('unknownField'),
);

const dinnerRouteMessageSchema = v.strictObject(
  {
    sendAt,
    subject,
    message: template,
    selfTemplate: template,
    hostsTemplate: template,
    teamSelection,
    customSelectedTeamIds: ids,
  },
  msgId('unknownField'),
);

/** An update: to the people whose team or route is no longer as told (`participantIds`: only these of them). */
const updateMessageSchema = v.strictObject(
  {
    subject,
    message: template,
    participantIds: v.optional(v.array(v.string(msgId('invalidValue')), msgId('invalidValue'))),
  },
  msgId('unknownField'),
);

export type ParticipantMessage = v.InferOutput<typeof participantMessageSchema>;
export type TeamMessage = v.InferOutput<typeof teamMessageSchema>;
export type DinnerRouteMessage = v.InferOutput<typeof dinnerRouteMessageSchema>;
export type UpdateMessage = v.InferOutput<typeof updateMessageSchema>;
export type ParticipantSelection = ParticipantMessage['participantSelection'];

/** A message of any type, tagged with its type. */
export type AnyMessage =
  | { messageType: 'PARTICIPANT'; message: ParticipantMessage }
  | { messageType: 'TEAM'; message: TeamMessage }
  | { messageType: 'DINNER_ROUTE'; message: DinnerRouteMessage }
  | { messageType: 'UPDATE'; message: UpdateMessage };

export const MESSAGE_SCHEMAS = {
  PARTICIPANT: participantMessageSchema,
  TEAM: teamMessageSchema,
  DINNER_ROUTE: dinnerRouteMessageSchema,
  UPDATE: updateMessageSchema,
} as const;

/** The placeholders each type knows, in the order the placeholder help offers them. */
export const PLACEHOLDERS = {
  PARTICIPANT: ['firstname', 'lastname'],
  TEAM: ['firstname', 'lastname', 'partner', 'meal', 'mealtime', 'host', 'managehostlink'],
  TEAM_HOST_PART: ['partner', 'meal', 'mealtime', 'mealspecifics', 'managehostlink'],
  TEAM_NON_HOST_PART: ['partner', 'meal', 'mealtime', 'hostaddress', 'managehostlink'],
  DINNER_ROUTE: ['firstname', 'lastname', 'partner', 'route', 'routelink', 'afterparty'],
  DINNER_ROUTE_SELF: ['meal', 'mealtime', 'hostaddress', 'mealspecifics'],
  DINNER_ROUTE_HOSTS: ['meal', 'mealtime', 'hostnames', 'hostaddress', 'addressremarks', 'mobilenumber', 'maplink'],
  UPDATE: ['firstname', 'lastname', 'changes', 'team', 'route', 'afterparty', 'link'],
} as const;

/** A possible recipient, for the custom selection dialog. */
export interface Recipient {
  id: string;
  firstnamePart: string;
  lastname: string;
  email: string;
  teamId: string | null;
  onWaitingList: boolean;
}

interface PreviewMessage {
  participantId: string;
  recipientEmail: string;
  /** The subject as this recipient gets it (its placeholders filled). */
  subject: string;
  message: string;
  /** The language the recipient registered in: the app's own words in the mail are in it. */
  language: Language;
}

export interface MessagePreview {
  /** The first recipient's subject. */
  subject: string;
  previewMessageList: PreviewMessage[];
}

/** SCHEDULED: waits for its time (`sendAt`); its mails are written when it starts. */
export type SendingStatus = 'SCHEDULED' | 'QUEUED' | 'SENDING_STARTED' | 'SENDING_FINISHED';

export interface MessageJob {
  id: string;
  messageType: MessageType;
  sendingStatus: SendingStatus;
  sendingFailed: boolean;
  /** The outcome as the system we replace names it: not finished, or finished with or without failures. */
  sendingResult: 'SENDING_NOT_FINISHED' | 'SENDING_FINISHED_SUCCESS' | 'SENDING_FINISHED_FAILURE';
  numberOfMessageTasks: number;
  createdAt: string;
  /** When a scheduled job starts (an instant); null for a job sent at once. */
  sendAt: string | null;
  /** The job's subject, for the history list. */
  subject: string;
}

/** PUT …/messagejobs/:jobId/schedule — another time for a job that has not started. */
export const rescheduleSchema = v.strictObject({ sendAt: sendAtSchema }, msgId('unknownField'));

export interface MessageJobOverview {
  messageJobId: string;
  numMessagesSucceeded: number;
  numMessagesFailed: number;
  numMessagesQueued: number;
  sendingFinished: boolean;
}

export type { MailFailureType };

export interface MessageTask {
  id: string;
  recipientEmail: string;
  subject: string;
  content: string;
  sendingStatus: SendingStatus;
  /** `delieveryFailed` keeps the spelling of the system we replace, so its clients read ours. */
  sendingResult: { delieveryFailed: boolean; failureType: MailFailureType | null; failureMessage: string | null };
  resendCount: number;
  participantId: string | null;
}

/** Resending one task: to a corrected address, with a corrected text, or as it was. */
/** How often one mail may be sent again (a corrected address or text): a resend is no way to mail anyone anything. */
export const MAX_RESENDS = 3;

export const resendTaskSchema = v.strictObject(
  {
    recipientEmail: v.optional(
      v.pipe(
        singleLineText(msgId('invalidEmail')),
        v.nonEmpty(msgId('required')),
        v.maxLength(255, msgId('tooLong')),
        v.email(msgId('invalidEmail')),
        v.toLowerCase(),
      ),
    ),
    content: v.optional(template),
  },
  msgId('unknownField'),
);
export type ResendTask = v.InferOutput<typeof resendTaskSchema>;

/** The default texts of the three types in the event's language, offered in the compose form. */
export interface MessageTemplates {
  PARTICIPANT: Pick<ParticipantMessage, 'subject' | 'message'>;
  TEAM: Pick<TeamMessage, 'subject' | 'message' | 'hostMessagePartTemplate' | 'nonHostMessagePartTemplate'>;
  DINNER_ROUTE: Pick<DinnerRouteMessage, 'subject' | 'message' | 'selfTemplate' | 'hostsTemplate'>;
  UPDATE: Pick<UpdateMessage, 'subject' | 'message'>;
}

/** What the stream `/sse/messageservice/…/messagejobs` sends as `event: progress` (and, once, `event: finished`). */
export interface MessageJobProgress {
  messageJobId: string;
  messageType: MessageType;
  total: number;
  sent: number;
  failed: number;
  queued: number;
  sendingStatus: SendingStatus;
}
