import type { TeamRuleCode } from '../../domain/teams/plan.types.js';
import type { Issue } from '../../domain/validation.js';

/** Refusals because the state of the dinner does not allow the change (HTTP 409). */
export type ConflictCode =
  | TeamRuleCode
  | 'demo_cannot_activate'
  | 'dinner_cancelled'
  | 'dinner_date_passed'
  | 'mail_daily_limit'
  | 'mail_job_too_large'
  | 'mail_recipient_gone'
  | 'mail_resend_limit'
  | 'meal_count_fixed'
  | 'messaging_locked'
  | 'no_after_party'
  | 'no_teams'
  | 'participant_in_team'
  | 'participant_not_in_team'
  | 'participants_changed'
  | 'payment_options_exist'
  | 'partner_invitation_impossible'
  | 'plan_invalid'
  | 'registration_cancelled'
  | 'registrations_paid'
  | 'registration_deactivated'
  | 'registration_deadline_passed'
  | 'registration_not_yet_open'
  | 'organiser_address_confirmed'
  | 'team_partner_registered_together'
  | 'team_partner_registration_closed'
  | 'team_partner_registration_deactivated'
  | 'team_partner_registration_deadline_passed'
  | 'team_partner_wish_disabled'
  | 'team_partner_wish_not_changeable'
  | 'team_partner_wish_not_completable'
  | 'team_partner_wish_teams_made'
  | 'task_in_progress'
  | 'message_job_started'
  | 'teams_exist'
  | 'team_not_shown'
  | 'route_not_shown'
  | 'teams_changed'
  | 'no_registration_fee'
  | 'paid_registration_required'
  | 'payments_not_configured'
  | 'order_not_refundable'
  | 'refund_refused'
  | 'too_few_positions'
  | 'optimization_not_finished'
  | 'optimization_over';

/** Every other refusal; app.ts gives each its HTTP status. */
export type RequestErrorCode =
  | 'forbidden'
  | 'not_found'
  | 'self_link_invalid'
  | 'wrong_acknowledge_link'
  | 'malformed_json'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_guesses'
  | 'too_many_mails_to_recipient'
  | 'too_many_event_creations'
  | 'too_many_optimizations'
  | 'too_many_streams'
  | 'work_queue_full'
  | 'invalid_signature'
  | 'payment_provider_unreachable'
  | 'database_busy'
  | 'disk_full'
  | 'shutting_down';

export type ErrorCode = ConflictCode | RequestErrorCode;

/**
 * Errors the services throw. They carry a stable code and a catalog message id, and know nothing of HTTP:
 * app.onError decides the status by the code in one place and translates the message into the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageId: string,
    readonly values?: Record<string, string>,
    /** For 429 and 503: when the client may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
  }
}

export class ValidationError extends Error {
  constructor(readonly issues: Issue[]) {
    super('validation failed');
  }
}

export const ErrorMessage = {
  paidRegistrationRequired: /*i18n*/ {
    id: 'error.paidRegistrationRequired',
    message: 'This running dinner takes a registration fee: registering means paying it by card.',
  },
  notFound: /*i18n*/ {
    id: 'error.notFound',
    message: 'Not found: the link is wrong or the running dinner no longer exists',
  },
  forbidden: /*i18n*/ { id: 'error.forbidden', message: 'This call needs a valid access token' },
  malformedJson: /*i18n*/ { id: 'error.malformedJson', message: 'The request body is not valid JSON' },
  notJson: /*i18n*/ { id: 'error.notJson', message: 'The request body must be JSON (Content-Type: application/json)' },
  tooLarge: /*i18n*/ { id: 'error.tooLarge', message: 'The request body is larger than 1 MiB' },
  tooManyGuesses: /*i18n*/ {
    id: 'error.tooManyGuesses',
    message: 'Too many wrong links from your address. Please wait a minute and check the link.',
  },
  tooManyMailsToRecipient: /*i18n*/ {
    id: 'error.tooManyMailsToRecipient',
    message:
      'We have already sent several mails to {email} within the last hour. To protect this address from unwanted mail, please try again in {minutes} minutes.',
  },
  tooManyEventCreations: /*i18n*/ {
    id: 'error.tooManyEventCreations',
    message:
      'Many running dinners were created from your address within the last hour. Please try again in {minutes} minutes.',
  },
  workQueueFull: /*i18n*/ {
    id: 'error.workQueueFull',
    message:
      'The server is busy making teams and routes for other running dinners. Nothing was changed; please try again in a minute.',
  },
  generationInProgress: /*i18n*/ {
    id: 'error.generationInProgress',
    message: 'The teams of this running dinner are being made right now. Please wait until that is done.',
  },
  tooManyStreams: /*i18n*/ {
    id: 'error.tooManyStreams',
    message:
      'Too many live connections are open, from your address or to this server. Close pages of this site you no longer need; the page keeps updating meanwhile.',
  },
  databaseBusy: /*i18n*/ {
    id: 'error.databaseBusy',
    message: 'The server is busy at the moment. Nothing was changed; please try again in a few seconds.',
  },
  diskFull: /*i18n*/ {
    id: 'error.diskFull',
    message: 'The server has no room left to store anything. Nothing was changed; please try again later.',
  },
  shuttingDown: /*i18n*/ {
    id: 'error.shuttingDown',
    message: 'The server is restarting. Nothing was changed; please try again in a few seconds.',
  },
  savedButUnanswered: /*i18n*/ {
    id: 'error.savedButUnanswered',
    message:
      'Your change was saved, but the server could not send back the result. Reload the page in a few seconds to see it; there is no need to enter it again.',
  },
  unexpected: /*i18n*/ { id: 'error.unexpected', message: 'There occurred an unexpected error' },
  dinnerCancelled: /*i18n*/ {
    id: 'error.dinnerCancelled',
    message: 'This running dinner was cancelled and can no longer be changed',
  },
  dinnerDatePassed: /*i18n*/ {
    id: 'error.dinnerDatePassed',
    message: 'This running dinner has already taken place and can no longer be changed',
  },
  wrongAcknowledgeLink: /*i18n*/ {
    id: 'error.wrongAcknowledgeLink',
    message: 'This confirmation link is not valid for this running dinner',
  },
  organiserAddressConfirmed: /*i18n*/ {
    id: 'error.organiserAddressConfirmed',
    message: 'The address {email} is already confirmed, so it can no longer be exchanged here. The mail was not sent.',
  },
  registrationNotYetOpen: /*i18n*/ {
    id: 'error.registrationNotYetOpen',
    message: 'Registration opens soon: the organiser has not confirmed this running dinner yet.',
  },
  registrationDeadlinePassed: /*i18n*/ {
    id: 'error.registrationDeadlinePassed',
    message: 'The registration deadline of this running dinner has passed',
  },
  registrationDeactivated: /*i18n*/ {
    id: 'error.registrationDeactivated',
    message: 'This running dinner takes no registrations at the moment',
  },
  registrationCancelled: /*i18n*/ { id: 'error.registrationCancelled', message: 'This running dinner was cancelled' },
  selfLinkInvalid: /*i18n*/ {
    id: 'error.selfLinkInvalid',
    message: 'This link is no longer valid. Please contact the organiser of the running dinner.',
  },
  teamPartnerWishTeamsMade: /*i18n*/ {
    id: 'error.teamPartnerWishTeamsMade',
    message:
      'The teams have already been made, so your team partner wish can no longer be changed. If something is wrong, please contact the organiser.',
  },
  teamPartnerRegistrationClosed: /*i18n*/ {
    id: 'error.teamPartnerRegistrationClosed',
    message:
      '{email} is not registered for this running dinner, and only the organiser adds participants to it. Please ask the organiser to add your team partner.',
  },
  teamPartnerRegistrationDeactivated: /*i18n*/ {
    id: 'error.teamPartnerRegistrationDeactivated',
    message:
      '{email} is not registered for this running dinner, and it takes no registrations at the moment, so we cannot invite them. Name someone who is registered, or ask the organiser.',
  },
  teamPartnerRegistrationDeadlinePassed: /*i18n*/ {
    id: 'error.teamPartnerRegistrationDeadlinePassed',
    message:
      '{email} is not registered for this running dinner, and the registration deadline has passed, so we cannot invite them. Name someone who is registered, or ask the organiser.',
  },
  demoCannotActivate: /*i18n*/ {
    id: 'error.demoCannotActivate',
    message: 'Registrations of a demo running dinner cannot be confirmed',
  },
} as const;

export const notFound = () => new AppError('not_found', ErrorMessage.notFound.id);

/** Too many requests; the message says when to try again. */
export const tooManyRequests = (
  code: RequestErrorCode,
  message: { id: string },
  retryAfterSeconds: number,
  values: Record<string, string> = {},
) =>
  new AppError(code, message.id, { ...values, minutes: String(Math.ceil(retryAfterSeconds / 60)) }, retryAfterSeconds);
