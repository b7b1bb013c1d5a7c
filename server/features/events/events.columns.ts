import type { BasicDetails, Contract, CreateRunningDinner, PublicSettingsInput } from '../../../contract/dinner.js';
import type { RunningDinnerUpdate } from '../../../db/schema.js';
import { defaultEndOfRegistration } from '../../../domain/events/dinner-rules.js';
import type { LocalDate } from '../../../domain/local-dates.js';

export const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;

// Column helpers: their inferred types are exact, so a new row is built from them without casts;
// `satisfies` keeps the column names honest.
export function publicSettingsColumns(settings: PublicSettingsInput, date: LocalDate) {
  return {
    public_title: settings.title,
    public_description: settings.description,
    public_contact_name: settings.publicContactName,
    public_contact_email: settings.publicContactEmail,
    public_contact_mobile_number: settings.publicContactMobileNumber,
    end_of_registration_date: settings.endOfRegistrationDate ?? defaultEndOfRegistration(date),
  } satisfies RunningDinnerUpdate;
}

export function basicDetailsColumns(details: BasicDetails) {
  return {
    title: details.title,
    city: details.city,
    zip: details.zip,
    date: details.date,
    registration_type: details.registrationType,
    language_code: details.languageCode,
  } satisfies RunningDinnerUpdate;
}

export function optionsColumns(options: CreateRunningDinner['options']) {
  return {
    team_size: options.teamSize,
    force_equal_distributed_capacity_teams: flag(options.forceEqualDistributedCapacityTeams),
    gender_aspects: options.genderAspects,
    consider_shortest_paths: flag(options.considerShortestPaths),
    team_partner_wish_disabled: flag(options.teamPartnerWishDisabled),
    zip_restrictions: options.zipRestrictions,
  } satisfies RunningDinnerUpdate;
}

/** A demo has no contract: the organiser's address stands in for it. */
export function contractColumns(contract: Contract | null | undefined, email: string) {
  return {
    contract_fullname: contract?.fullname ?? '',
    contract_street_with_nr: contract?.streetWithNr ?? '',
    contract_zip: contract?.zip ?? '',
    contract_city: contract?.city ?? '',
    contract_email: contract?.email ?? email,
    newsletter_enabled: flag(contract?.newsletterEnabled ?? false),
  } satisfies RunningDinnerUpdate;
}
