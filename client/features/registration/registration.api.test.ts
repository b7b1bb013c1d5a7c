import { validateRegistrationForm } from '@contract/participants';
import { describe, expect, it } from 'vitest';
import { daysUntil, draftFromQuery, type RegistrationDraft, registrationBody } from './registration.api';

const filledIn = (patch: Partial<RegistrationDraft> = {}): RegistrationDraft => {
  const draft = draftFromQuery('');
  return {
    ...draft,
    fields: {
      ...draft.fields,
      firstnamePart: 'Jonas',
      lastname: 'Weiß',
      email: 'Jonas.Weiss@example.org ',
      street: 'Habsburgerstraße',
      streetNr: '9',
      zip: '79104',
      cityName: 'Freiburg',
      age: '',
      numSeats: '6',
    },
    dataProcessingAcknowledged: true,
    ...patch,
  };
};

describe('the registration body the client sends', () => {
  it('passes the shared registration schema when the form is filled in, with empty age meaning unknown', () => {
    const result = validateRegistrationForm(registrationBody(filledIn(), false, 'en'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      email: 'jonas.weiss@example.org',
      age: -1,
      numSeats: 6,
      teamPartnerWishEmail: null,
      teamPartnerWishRegistrationData: null,
      languageCode: 'en',
    });
  });

  it('is refused by the schema without the data processing consent, under the consent field', () => {
    const result = validateRegistrationForm(
      registrationBody(filledIn({ dataProcessingAcknowledged: false }), false, 'de'),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      { field: 'dataProcessingAcknowledged', message: 'validation.dataProcessingRequired' },
    ]);
  });

  it('carries only the partner data of the chosen option', () => {
    const leftovers = { teamPartnerWishEmail: 'anna@example.org', partnerFirstname: 'Anna', partnerLastname: 'Schön' };
    const byEmail = registrationBody(filledIn({ ...leftovers, partnerChoice: 'email' }), false, 'de');
    expect([byEmail.teamPartnerWishEmail, byEmail.teamPartnerWishRegistrationData]).toEqual(['anna@example.org', null]);
    const together = registrationBody(filledIn({ ...leftovers, partnerChoice: 'register' }), false, 'de');
    expect([together.teamPartnerWishEmail, together.teamPartnerWishRegistrationData]).toEqual([
      '',
      { firstnamePart: 'Anna', lastname: 'Schön' },
    ]);
    const alone = registrationBody(filledIn({ ...leftovers, partnerChoice: 'none' }), false, 'de');
    expect([alone.teamPartnerWishEmail, alone.teamPartnerWishRegistrationData]).toEqual(['', null]);
    expect(validateRegistrationForm(together).ok && validateRegistrationForm(byEmail).ok).toBe(true);
  });

  it('carries no partner data at all when the event takes no team partner wishes', () => {
    const body = registrationBody(
      filledIn({ partnerChoice: 'register', partnerFirstname: 'Anna', partnerLastname: 'Schön' }),
      true,
      'de',
    );
    expect([body.teamPartnerWishEmail, body.teamPartnerWishRegistrationData]).toEqual(['', null]);
  });
});

describe('the partner invitation link', () => {
  it('fills in both addresses and preselects the e-mail partner option', () => {
    const draft = draftFromQuery('?email=anna%40example.org&teamPartnerWishEmail=jonas%2Bdinner%40example.org');
    expect([draft.fields.email, draft.teamPartnerWishEmail, draft.partnerChoice]).toEqual([
      'anna@example.org',
      'jonas+dinner@example.org',
      'email',
    ]);
  });

  it('without a partner address leaves the choice at "no partner"', () => {
    expect(draftFromQuery('?email=anna%40example.org').partnerChoice).toBe('none');
  });
});

describe('days until the end of registration', () => {
  const today = new Date(2026, 2, 28, 23, 30); // late evening, the day before the clocks go forward in Germany
  it('counts calendar days, not 24-hour periods', () => {
    expect([
      daysUntil('2026-03-28', today),
      daysUntil('2026-03-29', today),
      daysUntil('2026-03-30', today),
      daysUntil('2026-04-27', today),
    ]).toEqual([0, 1, 2, 30]);
  });
  it('is negative once the date has passed', () => {
    expect(daysUntil('2026-03-27', today)).toBe(-1);
  });
});
