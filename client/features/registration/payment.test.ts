import { describe, expect, it } from 'vitest';
import { checkoutTarget, forgetRegistration, keepRegistration, markReturned, returnedRegistration } from './payment';
import { draftFromQuery, type RegistrationDraft } from './registration.api';

/** sessionStorage as the browser has it, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const draft: RegistrationDraft = {
  ...draftFromQuery(''),
  fields: {
    ...draftFromQuery('').fields,
    firstnamePart: 'Jonas',
    lastname: 'Weiß',
    email: 'jonas@example.org',
    numSeats: '6',
    vegan: true,
  },
  partnerChoice: 'register',
  partnerFirstname: 'Mia',
  partnerLastname: 'Müller',
  dataProcessingAcknowledged: true,
};

describe('the registration kept while the participant pays', () => {
  it('is given back after a cancelled payment, and forgotten afterwards', () => {
    const store = memoryStorage();
    keepRegistration('dinner-1', 'order-1', draft, store);
    markReturned('dinner-1', 'order-1', 'cancelled', store);
    expect(returnedRegistration('dinner-1', store)).toEqual({ reason: 'cancelled', draft });
    // Reading changes nothing (React may render twice).
    expect(returnedRegistration('dinner-1', store)).toEqual({ reason: 'cancelled', draft });
    expect(returnedRegistration('dinner-2', store)).toBeNull();
    forgetRegistration('dinner-1', store);
    expect(returnedRegistration('dinner-1', store)).toBeNull();
  });

  it('comes back as "left" when the participant returns without a word from the payment page', () => {
    const store = memoryStorage();
    keepRegistration('dinner-1', 'order-1', draft, store);
    expect(returnedRegistration('dinner-1', store)).toEqual({ reason: 'left', draft });
  });

  it('still says that nothing was paid when another tab kept the form', () => {
    const store = memoryStorage();
    markReturned('dinner-1', 'order-1', 'cancelled', store);
    expect(returnedRegistration('dinner-1', store)).toEqual({ reason: 'cancelled', draft: undefined });
  });

  it('keeps the form of a newer order when an older order is cancelled', () => {
    const store = memoryStorage();
    keepRegistration('dinner-1', 'order-2', draft, store);
    markReturned('dinner-1', 'order-1', 'failed', store);
    expect(returnedRegistration('dinner-1', store)).toEqual({ reason: 'left', draft });
  });

  it('reads stored values field by field: unknown or wrong ones fall back to empty', () => {
    const store = memoryStorage();
    store.setItem(
      'running-dinner.paid-registration.dinner-1',
      JSON.stringify({
        orderId: 'o',
        returned: 'cancelled',
        draft: { fields: { firstnamePart: 'Jonas', numSeats: 6, evil: '<x>' }, partnerChoice: 'everyone' },
      }),
    );
    const returned = returnedRegistration('dinner-1', store);
    expect(returned?.reason).toBe('cancelled');
    expect(returned?.draft?.fields.firstnamePart).toBe('Jonas');
    expect(returned?.draft?.fields.numSeats).toBe('');
    expect(returned?.draft?.fields).not.toHaveProperty('evil');
    expect(returned?.draft?.partnerChoice).toBe('none');
    expect(returned?.draft?.dataProcessingAcknowledged).toBe(false);
    store.setItem('running-dinner.paid-registration.dinner-1', '{not json');
    expect(returnedRegistration('dinner-1', store)).toBeNull();
  });

  it('does without a storage at all', () => {
    keepRegistration('dinner-1', 'order-1', draft, undefined);
    expect(returnedRegistration('dinner-1', undefined)).toBeNull();
  });
});

describe('the payment page the browser is sent to', () => {
  it('is followed only as an http(s) address', () => {
    expect(checkoutTarget('https://checkout.stripe.com/c/pay/cs_test_1#x')).toBe(
      'https://checkout.stripe.com/c/pay/cs_test_1#x',
    );
    expect(checkoutTarget('http://127.0.0.1:5319/checkout/cs_test_1')).toBe('http://127.0.0.1:5319/checkout/cs_test_1');
    expect(checkoutTarget('javascript:alert(1)')).toBeNull();
    expect(checkoutTarget('')).toBeNull();
    expect(checkoutTarget('/relative')).toBeNull();
  });
});
