import type { RunningDinner } from '../../../contract/dinner.js';
import type { AfterPartyRow, MealRow, RunningDinnerRow } from '../../../db/schema.js';
import type { Deps } from '../../deps.js';
import { afterPartyOf } from '../dinner/after-party.js';
import { readOnlyReason } from '../dinner/dinner-access.js';
import { publicDinnerUrl } from '../links/links.js';

// How a stored event goes over the wire.

export function toRunningDinner(
  deps: Deps,
  row: RunningDinnerRow,
  meals: MealRow[],
  afterParty: AfterPartyRow | undefined,
  count: { all: number; confirmed: number },
): RunningDinner {
  return {
    adminId: row.admin_id,
    email: row.email,
    runningDinnerType: row.running_dinner_type,
    basicDetails: {
      title: row.title,
      city: row.city,
      zip: row.zip,
      date: row.date,
      registrationType: row.registration_type,
      languageCode: row.language_code,
    },
    options: {
      teamSize: 2,
      meals: meals.map((m) => ({ id: m.id, label: m.label, time: m.time })),
      forceEqualDistributedCapacityTeams: row.force_equal_distributed_capacity_teams === 1,
      genderAspects: row.gender_aspects,
      considerShortestPaths: row.consider_shortest_paths === 1,
      teamPartnerWishDisabled: row.team_partner_wish_disabled === 1,
      zipRestrictions: row.zip_restrictions,
    },
    publicSettings: {
      title: row.public_title,
      description: row.public_description,
      publicContactName: row.public_contact_name,
      publicContactEmail: row.public_contact_email,
      publicContactMobileNumber: row.public_contact_mobile_number,
      endOfRegistrationDate: row.end_of_registration_date,
      registrationDeactivated: row.registration_deactivated === 1,
      publicDinnerId: row.public_dinner_id,
      publicDinnerUrl: publicDinnerUrl(deps, row.public_dinner_id),
    },
    contract: {
      fullname: row.contract_fullname,
      streetWithNr: row.contract_street_with_nr,
      zip: row.contract_zip,
      city: row.contract_city,
      email: row.contract_email,
      newsletterEnabled: row.newsletter_enabled === 1,
    },
    afterPartyLocation: afterPartyOf(afterParty),
    acknowledgedDate: row.acknowledged_at,
    cancellationDate: row.cancelled_at,
    deletionDate: row.delete_after,
    createdAt: row.created_at,
    messagingLocked: row.acknowledged_at === null,
    readOnlyReason: readOnlyReason(row, deps.clock.today()),
    participantCount: count.all,
    confirmedParticipantCount: count.confirmed,
  };
}
