import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { MailFailureType } from '../domain/messages/mail-failure.js';
import type { Gender } from '../domain/participants/participant.js';

/**
 * Typed tables of the whole product. Ids are UUIDs (text). Dates are ISO strings in the event's local time
 * ("2026-12-24", "2026-12-24T19:00"); instants (created_at and the like) are UTC ISO strings.
 * Booleans are stored as 0/1. Every child row cascades away with its running dinner.
 */
export interface Database {
  running_dinner: RunningDinnerTable;
  meal: MealTable;
  participant: ParticipantTable;
  after_party: AfterPartyTable;
  undeliverable_address: UndeliverableAddressTable;
  team: TeamTable;
  route_visit: RouteVisitTable;
  message_job: MessageJobTable;
  message_task: MessageTaskTable;
  activity: ActivityTable;
  payment_option: PaymentOptionTable;
  payment_order: PaymentOrderTable;
  stripe_event: StripeEventTable;
  geocode_cache: GeocodeCacheTable;
  route_optimization: RouteOptimizationTable;
  bus_event: BusEventTable;
  rate_limit_hit: RateLimitHitTable;
  event_mail_use: EventMailUseTable;
  participant_told: ParticipantToldTable;
  event_statistics: EventStatisticsTable;
}

/** The instance working on a row and until when its claim holds (ISO time); null when nobody claimed it. */
interface Claim {
  claimed_by: string | null;
  lease_until: string | null;
}

interface BusEventTable {
  id: Generated<number>;
  topic: string;
  type: string;
  /** The event's data as JSON. */
  data: string;
  created_at: string;
}

/** What a mail (or, without a task, the participant's own change) told a participant: facts as JSON (migration 0016). */
interface ParticipantToldTable {
  id: Generated<number>;
  running_dinner_id: string;
  participant_id: string;
  message_task_id: string | null;
  team_facts: string | null;
  route_facts: string | null;
  told_at: string;
}

/** Mails an event caused, counted against its daily allowance by the hour (see the migration 0009). */
interface EventMailUseTable {
  running_dinner_id: string;
  /** The start of the hour the mails were queued in. */
  used_at: string;
  mails: number;
}

interface RateLimitHitTable {
  limit_name: string;
  /** Whom the limit counts: an address, a client. */
  subject: string;
  at_ms: number;
}

type Flag = 0 | 1;

interface RunningDinnerTable {
  id: string;
  admin_id: string;
  acknowledge_id: string;
  public_dinner_id: string;
  /** Secret id in every participant's personal link (`/self/{selfAdminId}/…/{participantId}`). */
  self_admin_id: string;
  running_dinner_type: 'STANDARD' | 'DEMO';
  email: string;
  title: string;
  city: string;
  zip: string;
  date: string;
  registration_type: 'CLOSED' | 'OPEN' | 'PUBLIC';
  language_code: 'de' | 'en';
  team_size: number;
  force_equal_distributed_capacity_teams: Flag;
  gender_aspects: 'FORCE_GENDER_MIX' | 'FORCE_SAME_GENDER' | 'IGNORE_GENDER';
  consider_shortest_paths: Flag;
  team_partner_wish_disabled: Flag;
  zip_restrictions: string;
  public_title: string;
  public_description: string;
  public_contact_name: string;
  public_contact_email: string;
  public_contact_mobile_number: string;
  end_of_registration_date: string;
  registration_deactivated: Flag;
  contract_fullname: string;
  contract_street_with_nr: string;
  contract_zip: string;
  contract_city: string;
  contract_email: string;
  newsletter_enabled: Flag;
  acknowledged_at: string | null;
  cancelled_at: string | null;
  /** The seed the current team plan was generated with (null without teams): replays a reported plan. */
  team_plan_seed: number | null;
  teams_generated_at: string | null;
  /** Whether the personal pages show the teams (routes) without a mail having told them (see the migration 0016). */
  teams_published: Generated<Flag>;
  routes_published: Generated<Flag>;
  /** When the scheduled clean-up removes the event with all its data (set on cancellation). */
  delete_after: string | null;
  /** When the organiser was told that the event will be deleted (see the migration 0018). */
  deletion_warned_at: string | null;
  /** What the organiser wrote to everyone registered when cancelling (see the migration 0017); null without. */
  cancel_subject: string | null;
  cancel_message: string | null;
  /** `<creator's address>:<Idempotency-Key>` of the request that created the event (see the migration 0010). */
  creation_key: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A dinner's after-party, when it has one: its address and position have the participant's shape (same columns, same
 * geocoding states), so the geocoding loop reads and writes both kinds of address the same way.
 */
export interface AfterPartyTable {
  running_dinner_id: string;
  title: string;
  time: string;
  street: string;
  street_nr: string;
  zip: string;
  city_name: string;
  address_name: string;
  address_remarks: string;
  lat: number | null;
  lng: number | null;
  /** See ParticipantTable.geocoding_status. */
  geocoding_status: Generated<GeocodingStatus>;
  geocoding_reason: GeocodingReason | null;
  geocoding_attempts: Generated<number>;
  geocoding_next_attempt_at: string | null;
  updated_at: string;
}

interface MealTable {
  id: string;
  running_dinner_id: string;
  position: number;
  label: string;
  time: string;
}

export interface ParticipantTable {
  id: string;
  running_dinner_id: string;
  participant_number: number;
  firstname_part: string;
  lastname: string;
  gender: Gender;
  email: string;
  mobile_number: string;
  street: string;
  street_nr: string;
  zip: string;
  city_name: string;
  address_remarks: string;
  lat: number | null;
  lng: number | null;
  /**
   * PENDING (the background loop will ask the cache or the geocoder) → LOCATED | UNRESOLVED (with a reason);
   * MANUAL when the organiser set the position by hand. A new row is PENDING unless the inserter says otherwise.
   */
  geocoding_status: Generated<GeocodingStatus>;
  geocoding_reason: GeocodingReason | null;
  /** Rounds an unreachable geocoder failed in a row; the next round waits longer. */
  geocoding_attempts: Generated<number>;
  /** An address the geocoder could not be reached for is asked again from then on (UTC ISO). */
  geocoding_next_attempt_at: string | null;
  age: number;
  num_seats: number;
  vegetarian: Flag;
  lactose: Flag;
  gluten: Flag;
  vegan: Flag;
  meal_specifics_note: string;
  notes: string;
  team_partner_wish_email: string | null;
  team_partner_wish_originator_id: string | null;
  team_id: string | null;
  language_code: 'de' | 'en';
  activated_at: string | null;
  /** Told the organiser they cannot come (see the migration 0019), with their note. */
  withdrawn_at: Generated<string | null>;
  withdrawal_note: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface TeamTable {
  id: string;
  running_dinner_id: string;
  team_number: number;
  meal_id: string;
  host_participant_id: string | null;
  status: 'OK' | 'REPLACED' | 'CANCELLED';
  /** Index within the teams hosting the same meal, in the meet-once design (see workers/teams/design.ts). */
  design_position: number;
  created_at: string;
}

/** One guest team visiting one host team for one meal: together they are the dinner routes. */
interface RouteVisitTable {
  id: string;
  running_dinner_id: string;
  meal_id: string;
  host_team_id: string;
  guest_team_id: string;
}

interface MessageJobTable {
  id: string;
  running_dinner_id: string;
  message_type: 'PARTICIPANT' | 'TEAM' | 'DINNER_ROUTE' | 'UPDATE' | 'SYSTEM';
  /** SCHEDULED jobs have no tasks until they start at `send_at` (see the migration 0015). */
  status: 'SCHEDULED' | 'QUEUED' | 'SENDING_STARTED' | 'SENDING_FINISHED';
  sending_failed: Flag;
  idempotency_key: string | null;
  payload: string;
  send_at: string | null;
  created_at: string;
  finished_at: string | null;
}

/** One mail to one recipient. Moves QUEUED → SENDING → SENT | FAILED; SENDING rows left by a crash go back to QUEUED. */
interface MessageTaskTable extends Claim {
  id: string;
  running_dinner_id: string | null;
  message_job_id: string | null;
  participant_id: string | null;
  recipient_email: string;
  subject: string;
  body_text: string;
  status: 'QUEUED' | 'SENDING' | 'SENT' | 'FAILED';
  attempts: number;
  next_attempt_at: string;
  message_id: string;
  /** The mail server's own text of the last failed attempt. */
  last_error: string | null;
  /** Set when the task FAILED for good (a 5xx answer, or a bounce or complaint reported later). */
  failure_type: MailFailureType | null;
  /** How often the organiser sent the task again. */
  resend_count: number;
  /** The iCalendar file a dinner-route mail carries, fixed at enqueue like the Message-ID. */
  calendar: string | null;
  /** Whom an answer reaches (the event's contact), the event's title and the mail's language (see the migration 0013). */
  reply_to: string | null;
  event_title: string | null;
  language: 'de' | 'en' | null;
  created_at: string;
  sent_at: string | null;
}

/** An address of an event that mail failed at for good, lower case (see the migration 0014). */
interface UndeliverableAddressTable {
  running_dinner_id: string;
  email: string;
  failure_type: MailFailureType;
  created_at: string;
}

export interface ActivityTable {
  id: string;
  running_dinner_id: string;
  type: string;
  origin: 'ORGANIZER' | 'PARTICIPANT' | 'SYSTEM';
  details: string;
  created_at: string;
  /** 1, 2, … per event in the order recorded (see the migration 0011). */
  seq: Generated<number>;
}

export type GeocodingStatus = 'PENDING' | 'LOCATED' | 'UNRESOLVED' | 'MANUAL';
/** Why an address stayed unresolved; only UNREACHABLE is tried again by itself. */
export type GeocodingReason = 'NOT_FOUND' | 'UNREACHABLE' | 'INCOMPLETE_ADDRESS';

/** Every definitive answer of the geocoder, keyed by the normalised address: an address is never asked twice, across events. */
interface GeocodeCacheTable {
  query: string;
  found: Flag;
  lat: number | null;
  lng: number | null;
  created_at: string;
}

interface PaymentOptionTable {
  running_dinner_id: string;
  brand_name: string;
  price_per_registration_cents: number;
  currency: string;
  redirect_after_purchase_link: string | null;
  agb_link: string | null;
}

export type PaymentOrderStatus = 'PENDING' | 'PAID' | 'PAID_NOT_REGISTERED' | 'FAILED' | 'REFUNDED';

/** A paid registration (see migration 0007). */
interface PaymentOrderTable {
  id: string;
  running_dinner_id: string;
  status: PaymentOrderStatus;
  email: string;
  firstname_part: string;
  lastname: string;
  /** The registration form as entered, JSON. */
  registration: string;
  language_code: 'de' | 'en';
  amount_cents: number;
  currency: string;
  checkout_session_id: string | null;
  payment_intent_id: string | null;
  participant_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A Stripe event that was handled. */
interface StripeEventTable {
  id: string;
  type: string;
  order_id: string | null;
  received_at: string;
}

/** One run of the route optimiser (see migration 0006). */
interface RouteOptimizationTable extends Claim {
  id: string;
  running_dinner_id: string;
  status: 'RUNNING' | 'FINISHED' | 'APPLIED' | 'CANCELLED' | 'FAILED';
  failure: 'interrupted' | 'error' | 'teams_changed' | null;
  ignore_meal_assignments: Flag;
  minimum_distance_meters: number;
  /** Started by the server (teams generated or added): applied by itself when done. */
  automatic: Flag;
  seed: number;
  budget_seconds: number;
  plan_fingerprint: string;
  /** The latest progress as JSON. */
  progress: string | null;
  start_longest_leg_meters: number | null;
  longest_leg_meters: number | null;
  /** The proposed routes as JSON (TeamRoute[] by team id). */
  result: string | null;
  started_at: string;
  finished_at: string | null;
}

export type RouteOptimizationRow = Selectable<RouteOptimizationTable>;
export type PaymentOrderRow = Selectable<PaymentOrderTable>;
export type RunningDinnerRow = Selectable<RunningDinnerTable>;
export type NewRunningDinner = Insertable<RunningDinnerTable>;
export type RunningDinnerUpdate = Updateable<RunningDinnerTable>;
export type MealRow = Selectable<MealTable>;
export type AfterPartyRow = Selectable<AfterPartyTable>;
export type ParticipantRow = Selectable<ParticipantTable>;
export type NewParticipant = Insertable<ParticipantTable>;
export type MessageTaskRow = Selectable<MessageTaskTable>;
export type MessageJobRow = Selectable<MessageJobTable>;
export type TeamRow = Selectable<TeamTable>;
export type NewTeam = Insertable<TeamTable>;
export type RouteVisitRow = Selectable<RouteVisitTable>;

/** What is kept of a deleted event: counts, no person (see the migration 0018). */
export interface EventStatisticsTable {
  id: string;
  event_date: string;
  demo: Flag;
  cancelled: Flag;
  participants: number;
  teams: number;
  meals: number;
  deleted_at: string;
}
export type NewEventStatistics = Insertable<EventStatisticsTable>;
