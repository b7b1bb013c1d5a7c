import type { Language } from '../language.js';
import {
  addDays,
  addMinutes,
  compareDates,
  compareDateTimes,
  datePart,
  type LocalDate,
  type LocalDateTime,
} from '../local-dates.js';
import type { Issue } from '../validation.js';
import { msgId } from '../validation-messages.js';
import {
  DEFAULT_AFTER_PARTY_TITLES,
  DEFAULT_MEAL_TIMES,
  END_OF_REGISTRATION_DAYS_BEFORE,
  MINUTES_BETWEEN_MEALS,
} from './dinner.js';
import { invalidZipRestrictions } from './zip-restrictions.js';

// The rules of a running dinner across fields, and the defaults they derive. Each rule returns issues with the field
// path relative to its object; the forms and the server check with the same rules.

/** A meal as entered: without a time it starts MINUTES_BETWEEN_MEALS after the previous one. */
export interface MealEntry {
  id?: string;
  label: string;
  time?: LocalDateTime;
}

/** Meals without a time get one MINUTES_BETWEEN_MEALS after the previous meal; the first the default first time. */
export function completeMealTimes(
  meals: MealEntry[],
  date: LocalDate,
): { id?: string; label: string; time: LocalDateTime }[] {
  const completed: { id?: string; label: string; time: LocalDateTime }[] = [];
  for (const meal of meals) {
    const previous = completed.at(-1);
    const time =
      meal.time ?? (previous ? addMinutes(previous.time, MINUTES_BETWEEN_MEALS) : `${date}T${DEFAULT_MEAL_TIMES[0]}`);
    completed.push({ ...meal, time });
  }
  return completed;
}

/** Every meal on the dinner's day, each after the one before. */
export function mealIssues(meals: MealEntry[], date: LocalDate): Issue[] {
  const issues: Issue[] = [];
  const completed = completeMealTimes(meals, date);
  completed.forEach((meal, i) => {
    if (datePart(meal.time) !== date)
      issues.push({ field: `meals.${i}.time`, message: msgId('mealTimeNotOnDinnerDay') });
    else if (i > 0 && compareDateTimes(meal.time, completed[i - 1].time) <= 0)
      issues.push({ field: `meals.${i}.time`, message: msgId('mealTimeOrder') });
  });
  return issues;
}

/** New meals must still end before a stored after-party starts. */
export function mealsBeforeAfterPartyIssues(
  meals: MealEntry[],
  date: LocalDate,
  afterPartyTime: LocalDateTime | null,
): Issue[] {
  const last = completeMealTimes(meals, date).at(-1);
  if (!afterPartyTime || !last || compareDateTimes(afterPartyTime, last.time) > 0) return [];
  return [{ field: `meals.${meals.length - 1}.time`, message: msgId('afterPartyBeforeLastMeal') }];
}

export function dateIssues(date: LocalDate, today: LocalDate): Issue[] {
  return compareDates(date, today) < 0 ? [{ field: 'date', message: msgId('dateInPast') }] : [];
}

export function zipRestrictionIssues(zipRestrictions: string): Issue[] {
  const invalid = invalidZipRestrictions(zipRestrictions);
  return invalid.length > 0
    ? [{ field: 'zipRestrictions', message: msgId('zipRestrictionsInvalid'), values: { invalid: invalid.join(', ') } }]
    : [];
}

/** Registration ends on the dinner's day at the latest. */
export function endOfRegistrationIssues(endOfRegistrationDate: LocalDate | undefined, date: LocalDate): Issue[] {
  return endOfRegistrationDate && compareDates(endOfRegistrationDate, date) > 0
    ? [{ field: 'endOfRegistrationDate', message: msgId('endOfRegistrationAfterDinner') }]
    : [];
}

/** The after-party starts after the last meal. */
export function afterPartyIssues(
  afterParty: { time: LocalDateTime },
  meals: { time: LocalDateTime }[] | undefined,
): Issue[] {
  const last = meals?.at(-1);
  return last && compareDateTimes(afterParty.time, last.time) <= 0
    ? [{ field: 'time', message: msgId('afterPartyBeforeLastMeal') }]
    : [];
}

export function defaultEndOfRegistration(date: LocalDate): LocalDate {
  return addDays(date, -END_OF_REGISTRATION_DAYS_BEFORE);
}

/** The fields of an after-party form; the position comes later, from the geocoder. */
export interface AfterPartyAddress {
  title: string;
  time: LocalDateTime;
  street: string;
  streetNr: string;
  zip: string;
  cityName: string;
  addressName: string;
  addressRemarks: string;
}

/** What switching the after-party on proposes: the event's zip and city, as long after the last meal as between meals. */
export function defaultAfterPartyLocation(
  zip: string,
  city: string,
  meals: { time: LocalDateTime }[],
  language: Language,
): AfterPartyAddress {
  const time = addMinutes(meals[meals.length - 1].time, MINUTES_BETWEEN_MEALS);
  return {
    title: DEFAULT_AFTER_PARTY_TITLES[language],
    time,
    street: '',
    streetNr: '',
    zip,
    cityName: city,
    addressName: '',
    addressRemarks: '',
  };
}
