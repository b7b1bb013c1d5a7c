import { describe, expect, it } from 'vitest';
import { OUTBOX_FILE } from './mailer.js';

describe('the outbox file name', () => {
  const stamp = '2026-11-25T22-18-41-123Z';
  const taskOf = (name: string) => OUTBOX_FILE.exec(name)?.[1];

  it('gives the whole task id back, also one that begins with digits only', () => {
    expect(taskOf(`${stamp}-53282056-5a4f-43d5-8f2e-1234567890ab.eml`)).toBe('53282056-5a4f-43d5-8f2e-1234567890ab');
    expect(taskOf(`${stamp}-12345678-1234-4234-8234-123456789012.eml`)).toBe('12345678-1234-4234-8234-123456789012');
  });

  it('gives the task id of a mail sent again', () => {
    expect(taskOf(`${stamp}-0a1b2c3d-5a4f-43d5-8f2e-1234567890ab-r2.eml`)).toBe('0a1b2c3d-5a4f-43d5-8f2e-1234567890ab');
  });

  it('matches no half-written file and nothing else', () => {
    expect(taskOf(`${stamp}-0a1b2c3d-5a4f-43d5-8f2e-1234567890ab.eml.tmp`)).toBeUndefined();
    expect(taskOf('notes.txt')).toBeUndefined();
  });
});
