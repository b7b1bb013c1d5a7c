// The fixed vocabulary of a running dinner, shared by every layer.

export const REGISTRATION_TYPES = ['CLOSED', 'OPEN', 'PUBLIC'] as const;
export const GENDER_ASPECTS = ['FORCE_GENDER_MIX', 'FORCE_SAME_GENDER', 'IGNORE_GENDER'] as const;
export const RUNNING_DINNER_TYPES = ['STANDARD', 'DEMO'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];
export type GenderAspects = (typeof GENDER_ASPECTS)[number];

/** Teams are pairs. */
export const TEAM_SIZE = 2;
export const MIN_MEALS = 2;
export const MAX_MEALS = 3;
export const END_OF_REGISTRATION_DAYS_BEFORE = 5;
export const HOURS_BETWEEN_MEALS = 2;
export const DEFAULT_AFTER_PARTY_TITLE = 'After-Event-Party';
/** The routes are best sent this many days before the dinner: early enough to plan, late enough to be final. */
export const ROUTE_MAILS_DAYS_BEFORE = 3;
