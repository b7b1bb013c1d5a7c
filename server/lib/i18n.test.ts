import { describe, expect, it } from 'vitest';
import { requestLanguage } from './i18n.js';

describe('the language of a request', () => {
  it('is the lang query parameter first, then the lang cookie, then Accept-Language', () => {
    expect(requestLanguage('en', 'de', 'de')).toBe('en');
    expect(requestLanguage(undefined, 'en', 'de')).toBe('en');
    expect(requestLanguage(undefined, undefined, 'en-GB,en;q=0.9')).toBe('en');
  });

  it('is the supported language ranked highest in Accept-Language', () => {
    expect(requestLanguage(undefined, undefined, 'fr-FR,fr;q=0.9,en;q=0.8,de;q=0.7')).toBe('en');
    expect(requestLanguage(undefined, undefined, 'de;q=0.5, en;q=0.9')).toBe('en');
    expect(requestLanguage(undefined, undefined, 'en;q=0, de;q=0.1')).toBe('de');
  });

  it('is German when nothing supported is asked for', () => {
    expect(requestLanguage('xx', undefined, 'fr,es;q=0.5')).toBe('de');
    expect(requestLanguage(undefined, undefined, undefined)).toBe('de');
  });
});
