import type { Language } from '../language.js';

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
/** The common evening: 18:30, 20:00, 21:30, and the after-party at 23:00. */
export const DEFAULT_MEAL_TIMES = ['18:30', '20:00', '21:30'] as const;
export const MINUTES_BETWEEN_MEALS = 90;
/** The after-party's name until the organiser gives it one, in the event's language. */
export const DEFAULT_AFTER_PARTY_TITLES: Record<Language, string> = { de: 'Aftershowparty', en: 'After-party' };
/** The routes are best sent this many days before the dinner: early enough to plan, late enough to be final. */
export const ROUTE_MAILS_DAYS_BEFORE = 3;
