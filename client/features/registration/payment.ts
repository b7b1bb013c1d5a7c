import type { OrderState } from '@contract/orders';
import useSWR from 'swr';
import type { ApiError } from '../../lib/api';
import { emptyParticipantFieldValues } from '../shared/participant/participantFieldValues';
import { type PartnerChoice, publicDinnerPath, type RegistrationDraft } from './registration.api';

// A registration with a fee is paid on Stripe's checkout page before it counts. The form's data goes there never:
// it waits in this tab's sessionStorage, so that it can be given back to the form when the participant cancels
// the payment, the payment fails or they come back without paying. Nothing of it is ever put into a URL.

const orderPath = (publicDinnerId: string, orderId: string) =>
  publicDinnerPath(publicDinnerId, `/order/${encodeURIComponent(orderId)}`);

/** The order's live status (event `status`, data {orderId, status}); 204 when the order is final already. */
export const orderEventsUrl = (publicDinnerId: string, orderId: string) =>
  `/sse/frontend/v1/runningdinner/${encodeURIComponent(publicDinnerId)}/order/${encodeURIComponent(orderId)}/events`;

export function useOrderState(publicDinnerId: string, orderId: string) {
  return useSWR<OrderState, ApiError>(orderPath(publicDinnerId, orderId));
}

/**
 * Why the form is filled in again: the participant cancelled on the payment page, the payment failed, or they came
 * back to the event page some other way (the browser's back button) while the payment page was open.
 */
export type ReturnReason = 'cancelled' | 'failed' | 'left';

/** What this tab keeps of a registration sent to the payment page. */
interface KeptRegistration {
  orderId: string;
  draft: RegistrationDraft;
  /** Set by the payment page; unset while the participant is (or was last) on Stripe's page. */
  returned?: Exclude<ReturnReason, 'left'>;
}

/** The registration given back to the form. `draft` is missing when another tab or browser sent it to the payment page. */
export interface ReturnedRegistration {
  reason: ReturnReason;
  draft?: RegistrationDraft;
}

const keyOf = (publicDinnerId: string) => `running-dinner.paid-registration.${publicDinnerId}`;

/** sessionStorage may be missing or refuse (storage disabled, private windows of old browsers): then nothing is kept. */
function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function write(store: Storage | undefined, publicDinnerId: string, value: unknown) {
  try {
    store?.setItem(keyOf(publicDinnerId), JSON.stringify(value));
  } catch {
    // Full or refused: the form cannot be given back, the payment works all the same.
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';
const PARTNER_CHOICES: PartnerChoice[] = ['none', 'email', 'register'];

/** A draft as stored, checked field by field (a stored value outlives versions of the app); null when it is not one. */
function draftOf(value: unknown): RegistrationDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Record<string, unknown>;
  const fields = stored.fields;
  if (typeof fields !== 'object' || fields === null) return null;
  const storedFields = fields as Record<string, unknown>;
  const merged = { ...emptyParticipantFieldValues };
  for (const [name, empty] of Object.entries(emptyParticipantFieldValues)) {
    const given = storedFields[name];
    if (typeof given === typeof empty) Object.assign(merged, { [name]: given });
  }
  const partnerChoice = PARTNER_CHOICES.find((choice) => choice === stored.partnerChoice) ?? 'none';
  return {
    fields: merged,
    partnerChoice,
    teamPartnerWishEmail: isString(stored.teamPartnerWishEmail) ? stored.teamPartnerWishEmail : '',
    partnerFirstname: isString(stored.partnerFirstname) ? stored.partnerFirstname : '',
    partnerLastname: isString(stored.partnerLastname) ? stored.partnerLastname : '',
    dataProcessingAcknowledged: stored.dataProcessingAcknowledged === true,
    invitedBy: isString(stored.invitedBy) ? stored.invitedBy : '',
  };
}

function read(store: Storage | undefined, publicDinnerId: string): Partial<KeptRegistration> | null {
  try {
    const text = store?.getItem(keyOf(publicDinnerId));
    const value: unknown = text ? JSON.parse(text) : null;
    if (typeof value !== 'object' || value === null) return null;
    const kept = value as Record<string, unknown>;
    const draft = draftOf(kept.draft);
    return {
      orderId: isString(kept.orderId) ? kept.orderId : undefined,
      draft: draft ?? undefined,
      returned: kept.returned === 'cancelled' || kept.returned === 'failed' ? kept.returned : undefined,
    };
  } catch {
    return null;
  }
}

/** Before the browser goes to the payment page: the form as entered, for the order it belongs to. */
export function keepRegistration(publicDinnerId: string, orderId: string, draft: RegistrationDraft, store = storage()) {
  write(store, publicDinnerId, { orderId, draft } satisfies KeptRegistration);
}

/**
 * The payment page says why the participant is back: the form shall be filled in again with a word about it. Kept
 * also without a draft (another tab sent it), so that the event page can still say that nothing was paid.
 */
export function markReturned(
  publicDinnerId: string,
  orderId: string,
  reason: 'cancelled' | 'failed',
  store = storage(),
) {
  const kept = read(store, publicDinnerId);
  // The form kept for another (newer) order stays as it is.
  if (kept?.orderId && kept.orderId !== orderId) return;
  write(store, publicDinnerId, { ...kept, orderId, returned: reason });
}

/** What the event page gives back to the form, if anything; reading changes nothing (React may render twice). */
export function returnedRegistration(publicDinnerId: string, store = storage()): ReturnedRegistration | null {
  const kept = read(store, publicDinnerId);
  if (!kept) return null;
  if (kept.returned) return { reason: kept.returned, draft: kept.draft };
  return kept.draft ? { reason: 'left', draft: kept.draft } : null;
}

/** The form was given back: a later visit of the event page starts empty again. */
export function forgetRegistration(publicDinnerId: string, store = storage()) {
  try {
    store?.removeItem(keyOf(publicDinnerId));
  } catch {
    // Nothing to do.
  }
}

/** Only an http(s) address is followed (never `javascript:` or the like, whatever the answer says). */
export function checkoutTarget(checkoutUrl: string): string | null {
  try {
    const url = new URL(checkoutUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
