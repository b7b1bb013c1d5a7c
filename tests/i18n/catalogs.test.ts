import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** msgid → msgstr of a PO catalog (single-line and continued strings). */
function readCatalog(language: string): Map<string, string> {
  const text = readFileSync(new URL(`../../locales/${language}/messages.po`, import.meta.url), 'utf8');
  const entries = new Map<string, string>();
  for (const block of text.split(/\n\n+/)) {
    const id = poString(block, 'msgid');
    if (id) entries.set(id, poString(block, 'msgstr'));
  }
  return entries;
}

function poString(block: string, key: string): string {
  const match = block.match(new RegExp(`^${key} ((?:".*"\\n?)+)`, 'm'));
  return match ? [...match[1].matchAll(/"(.*)"/g)].map((m) => m[1]).join('') : '';
}

describe('translation catalogs', () => {
  const de = readCatalog('de');
  const en = readCatalog('en');

  it('have the same keys in German and English', () => {
    expect([...de.keys()].sort()).toEqual([...en.keys()].sort());
    expect(de.size).toBeGreaterThan(50);
  });

  it('translate every key into German', () => {
    const missing = [...de].filter(([, text]) => text.trim() === '').map(([id]) => id);
    expect(missing).toEqual([]);
  });

  it('give every explicit id an English text', () => {
    const missing = [...en]
      .filter(([id, text]) => /^[a-z]+(\.[a-zA-Z]+)+$/.test(id) && text.trim() === '')
      .map(([id]) => id);
    expect(missing).toEqual([]);
  });
});
