import { describe, expect, it } from 'vitest';
import { failureTypeOfRefusal } from './smtp-failure.js';

describe('the failure type of a refusal', () => {
  it.each([
    ['550 5.1.1 mailbox unknown', 'INVALID_EMAIL'],
    ['553 5.1.3 bad recipient address syntax', 'INVALID_EMAIL'],
    ['550 No such user here', 'INVALID_EMAIL'],
    ['550 5.7.1 Message rejected as spam', 'SPAM'],
    ['554 Spam detected', 'SPAM'],
    ['550 5.7.1 Relaying denied', 'BLOCKED'],
    ['554 Rejected by policy', 'BLOCKED'],
    ['552 5.2.2 mailbox full', 'BOUNCE'],
    ['554 Transaction failed', 'BOUNCE'],
  ] as const)('%s is %s', (answer, type) => {
    expect(failureTypeOfRefusal(answer)).toBe(type);
  });
});
