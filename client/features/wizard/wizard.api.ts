import {
  type AfterPartyLocation,
  type CreateRunningDinnerResponse,
  validateAfterPartyLocation,
  validateBasicDetails,
  validateOptions,
  validatePublicSettings,
} from '@contract/dinner';
import type { LocalDate } from '@domain/local-dates';
import type { Issue } from '@domain/validation';
import { ApiError, api } from '../../lib/api';
import {
  type AfterPartyDraft,
  type BasicsDraft,
  mealDateTime,
  type OptionsDraft,
  type PublicSettingsDraft,
  today,
  type WizardData,
} from './wizard.store';

// Wire bodies built from the drafts. The server schemas are strict: only known fields go out.

export function basicDetailsBody(b: BasicsDraft) {
  return {
    title: b.title,
    city: b.city,
    zip: b.zip,
    date: b.date,
    registrationType: b.registrationType,
    languageCode: b.languageCode,
  };
}

export function optionsBody(o: OptionsDraft, date: string) {
  return {
    teamSize: 2 as const,
    meals: o.meals.map((m) => ({ label: m.label, time: mealDateTime(date, m.time) })),
    forceEqualDistributedCapacityTeams: o.forceEqualDistributedCapacityTeams,
    genderAspects: o.genderAspects,
    considerShortestPaths: o.considerShortestPaths,
    teamPartnerWishDisabled: o.teamPartnerWishDisabled,
    zipRestrictions: o.zipRestrictions,
  };
}

export function afterPartyBody(a: AfterPartyDraft): Omit<AfterPartyLocation, 'geocodingResult'> {
  return {
    title: a.title,
    time: a.time,
    street: a.street,
    streetNr: a.streetNr,
    zip: a.zip,
    cityName: a.cityName,
    addressName: a.addressName,
    addressRemarks: a.addressRemarks,
  };
}

export function publicSettingsBody(p: PublicSettingsDraft) {
  return {
    title: p.title,
    description: p.description,
    publicContactName: p.publicContactName,
    publicContactEmail: p.publicContactEmail,
    publicContactMobileNumber: p.publicContactMobileNumber,
    ...(p.endOfRegistrationDate ? { endOfRegistrationDate: p.endOfRegistrationDate } : {}),
  };
}

function createBody(data: WizardData) {
  const { basics } = data;
  const closed = basics.registrationType === 'CLOSED';
  return {
    email: data.email,
    runningDinnerType: data.demo ? ('DEMO' as const) : ('STANDARD' as const),
    basicDetails: basicDetailsBody(basics),
    options: optionsBody(data.options, basics.date),
    publicSettings: closed ? null : publicSettingsBody(data.publicSettings),
    // A demo needs no contract for data processing.
    contract: data.demo ? null : { ...data.contract, email: data.email },
    afterPartyLocation: data.afterParty ? afterPartyBody(data.afterParty) : null,
  };
}

/** The shared rules of each step that the server checks too (contract/dinner.ts). */
const STEP_RULES = {
  basicdetails: (body: unknown) => validateBasicDetails(body, today()),
  options: (body: unknown, date: LocalDate) => validateOptions(body, date),
  publicsettings: (body: unknown, date: LocalDate) => validatePublicSettings(body, date),
  afterpartylocation: (body: unknown) => validateAfterPartyLocation(body),
};

/**
 * Whether a step is valid: [] when it is, else its issues. The shared rules answer first, so a form known to be
 * invalid is not sent; then the server, whose clock decides "today", answers 406 with issues. Other failures throw.
 */
export async function validateStep(step: keyof typeof STEP_RULES, body: unknown, date = ''): Promise<Issue[]> {
  const local = STEP_RULES[step](body, date);
  if (!local.ok) return local.issues;
  try {
    await api.put(`/wizardservice/v1/validate/${step}${date ? `?runningDinnerDate=${date}` : ''}`, body);
    return [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 406) return error.issues;
    throw error;
  }
}

export const createRunningDinner = (data: WizardData) =>
  api.post<CreateRunningDinnerResponse>('/wizardservice/v1/create', createBody(data), {
    'Idempotency-Key': data.creationKey,
  });
