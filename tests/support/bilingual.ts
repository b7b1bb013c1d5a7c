import { expect } from 'vitest';
import { type ApiResponse, GERMAN, type RequestHeaders } from './test-server.js';

/** A message in both languages the API speaks. */
export const bilingual = (en: string, de: string) => ({ en, de });

/** One request, sent once with the headers it is given: `{}` for English, `GERMAN` for German. */
type SendIn = (headers: RequestHeaders) => Promise<ApiResponse>;

/** Sends in English and in German; both are refused with the status, code and message in that language. */
export async function expectRefusal(send: SendIn, status: number, code: string, en: string, de: string) {
  const english = await send({});
  expect(english.status, english.text).toBe(status);
  expect(english.json).toEqual({ code, message: en });
  const german = await send(GERMAN);
  expect(german.status).toBe(status);
  expect(german.json).toEqual({ code, message: de });
}

/** Sends in English and in German; both are refused with 406 and the field issues in that language. */
export async function expectIssues(send: SendIn, issues: { field: string; en: string; de: string }[]) {
  const english = await send({});
  expect(english.status, english.text).toBe(406);
  expect(english.json).toEqual({ issues: issues.map(({ field, en }) => ({ field, message: en })) });
  const german = await send(GERMAN);
  expect(german.status).toBe(406);
  expect(german.json).toEqual({ issues: issues.map(({ field, de }) => ({ field, message: de })) });
}

// Refusals several features answer alike, as the arguments after `send` of expectRefusal.

export const NOT_FOUND = [
  404,
  'not_found',
  'Not found: the link is wrong or the running dinner no longer exists',
  'Nicht gefunden: Der Link ist falsch oder das Running Dinner gibt es nicht mehr',
] as const;

export const DINNER_CANCELLED = [
  409,
  'dinner_cancelled',
  'This running dinner was cancelled and can no longer be changed',
  'Dieses Running Dinner wurde abgesagt und kann nicht mehr geändert werden',
] as const;

export const DINNER_DATE_PASSED = [
  409,
  'dinner_date_passed',
  'This running dinner has already taken place and can no longer be changed',
  'Dieses Running Dinner hat bereits stattgefunden und kann nicht mehr geändert werden',
] as const;

/** A personal link (self-service) that names no participant, team or event of the link. */
export const SELF_LINK_INVALID = [
  404,
  'self_link_invalid',
  'This link is no longer valid. Please contact the organiser of the running dinner.',
  'Dieser Link ist nicht mehr gültig. Bitte wende dich an den Veranstalter des Running Dinners.',
] as const;
