import type { Language } from '@contract/dinner';
import type { PublicRunningDinner } from '@contract/registration';
import useSWR from 'swr';
import { formatAmount } from '../../components/numberFormat';
import type { ApiError } from '../../lib/api';
import { emptyParticipantFieldValues, type ParticipantFieldValues } from '../shared/participant/participantFieldValues';

export const publicDinnerPath = (publicDinnerId: string, suffix = '') =>
  `/frontend/v1/runningdinner/${publicDinnerId}${suffix}`;

export const publicDinnerUrl = (publicDinnerId: string) => `/running-dinner-events/${publicDinnerId}`;

export function usePublicDinner(publicDinnerId: string) {
  return useSWR<PublicRunningDinner, ApiError>(publicDinnerPath(publicDinnerId));
}

/** none: match me with someone; email: invite my partner; register: register both of us now. */
export type PartnerChoice = 'none' | 'email' | 'register';

/** Everything the registration form holds, kept while the participant goes to the summary and back. */
export interface RegistrationDraft {
  fields: ParticipantFieldValues;
  partnerChoice: PartnerChoice;
  teamPartnerWishEmail: string;
  partnerFirstname: string;
  partnerLastname: string;
  dataProcessingAcknowledged: boolean;
  /** The partner who invited this person (the invitation link names them), else empty. */
  invitedBy?: string;
}

/** The partner-invitation mail links to the event with `?email=…&teamPartnerWishEmail=…`: the invited person names the inviter. */
export function draftFromQuery(search: string): RegistrationDraft {
  const query = new URLSearchParams(search);
  const teamPartnerWishEmail = query.get('teamPartnerWishEmail')?.trim() ?? '';
  return {
    fields: { ...emptyParticipantFieldValues, email: query.get('email')?.trim() ?? '' },
    partnerChoice: teamPartnerWishEmail ? 'email' : 'none',
    teamPartnerWishEmail,
    partnerFirstname: '',
    partnerLastname: '',
    dataProcessingAcknowledged: false,
    invitedBy: teamPartnerWishEmail,
  };
}

/** The body of …/register/validate and …/register (registrationFormSchema); partner data only for the chosen option. */
export function registrationBody(draft: RegistrationDraft, teamPartnerWishDisabled: boolean, languageCode: Language) {
  const choice = teamPartnerWishDisabled ? 'none' : draft.partnerChoice;
  return {
    ...draft.fields,
    teamPartnerWishEmail: choice === 'email' ? draft.teamPartnerWishEmail : '',
    teamPartnerWishRegistrationData:
      choice === 'register' ? { firstnamePart: draft.partnerFirstname, lastname: draft.partnerLastname } : null,
    dataProcessingAcknowledged: draft.dataProcessingAcknowledged,
    languageCode,
  };
}

/** Whole days from today (the browser's calendar) until the given date; negative when it has passed. */
export function daysUntil(localDate: string, today = new Date()): number {
  const [y, m, d] = localDate.split('-').map(Number);
  return Math.round(
    (Date.UTC(y, m - 1, d) - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / 86_400_000,
  );
}

export const formatPrice = (price: { amountCents: number; currency: string }, locale: string): string =>
  formatAmount(price.amountCents, price.currency, locale);
