import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPlaceholders, fillSubject, fillTemplate } from './placeholders.js';

const name = fc.stringMatching(/^[a-z]{1,12}$/);
/** Text that may hold braces and placeholder-like words, but no placeholder of `names`. */
const text = fc.string({ unit: fc.constantFrom('a', ' ', '{', '}', 'x', '\n', 'é') });

describe('fillPlaceholders', () => {
  it('fills every known placeholder and keeps unknown ones as written', () => {
    expect(fillPlaceholders('Hi {firstname}, {unknown} {lastname}!', { firstname: 'Anna', lastname: 'Schäfer' })).toBe(
      'Hi Anna, {unknown} Schäfer!',
    );
  });

  it('never expands a value again, whatever it holds', () => {
    fc.assert(
      fc.property(name, name, text, (a, b, value) => {
        fc.pre(a !== b);
        const values = { [a]: `{${b}}${value}`, [b]: 'EXPANDED' };
        const filled = fillPlaceholders(`<{${a}}>`, values);
        expect(filled).toBe(`<{${b}}${value}>`);
      }),
    );
  });

  it('leaves a template without known placeholders unchanged', () => {
    fc.assert(
      fc.property(text, (template) => {
        expect(fillPlaceholders(template, {})).toBe(template);
      }),
    );
  });

  it('is the concatenation of the filled parts (one pass, left to right)', () => {
    fc.assert(
      fc.property(text, text, fc.dictionary(name, text), (left, right, values) => {
        expect(fillPlaceholders(`${left}\u0000${right}`, values)).toBe(
          `${fillPlaceholders(left, values)}\u0000${fillPlaceholders(right, values)}`,
        );
      }),
    );
  });
});

describe('fillTemplate', () => {
  it('removes a line of placeholders that came out empty, with one blank line next to it', () => {
    const template = 'Hallo {firstname},\n\n{route}\n\n{afterparty}\n\nKarte: {routelink}';
    expect(fillTemplate(template, { firstname: 'Anna', route: 'R', afterparty: '', routelink: 'L' })).toBe(
      'Hallo Anna,\n\nR\n\nKarte: L',
    );
    expect(fillTemplate('{afterparty}\n\nBis bald', { afterparty: '' })).toBe('Bis bald');
    expect(fillTemplate('Hallo {a} und {b}', { a: '', b: '' })).toBe('Hallo  und ');
  });

  const value = fc
    .string({ unit: fc.constantFrom('a', ' ', 'x', '\n', 'é'), minLength: 1 })
    .filter((v) => v.trim() !== '');
  const line = fc.oneof(
    text.map((t) => t.replace(/\n/g, '')),
    name.map((n) => `{${n}}`),
  );
  const template = fc.array(line, { maxLength: 8 }).map((lines) => lines.join('\n'));

  it('is fillPlaceholders when no value is empty', () => {
    fc.assert(
      fc.property(template, fc.dictionary(name, value), (t, values) => {
        expect(fillTemplate(t, values)).toBe(fillPlaceholders(t, values));
      }),
    );
  });

  it('keeps every line that is not only placeholders, in order, and never makes a run of blank lines longer', () => {
    const blankRun = (s: string) => Math.max(0, ...s.split(/[^\n]+/).map((gap) => gap.length));
    fc.assert(
      fc.property(template, fc.dictionary(name, fc.constantFrom('', 'x')), (t, values) => {
        const filled = fillTemplate(t, values);
        const kept = t
          .split('\n')
          .filter((l) => !/^\s*(\{\w+\}\s*)+$/.test(l) && l.trim() !== '')
          .map((l) => fillPlaceholders(l, values));
        const out = filled.split('\n').filter((l) => l.trim() !== '');
        expect(out.filter((l) => kept.includes(l))).toEqual(kept.filter((l) => out.includes(l)));
        for (const l of kept) expect(out).toContain(l);
        expect(blankRun(filled)).toBeLessThanOrEqual(Math.max(blankRun(t), 1));
      }),
    );
  });
});

describe('fillSubject', () => {
  it('fills the placeholders on one line: a line break in a value is a space', () => {
    expect(fillSubject('Save the date, {firstname}!', { firstname: 'Anna\r\nBcc: x@example.org' })).toBe(
      'Save the date, Anna Bcc: x@example.org!',
    );
  });

  it('never holds a line break, whatever the values', () => {
    fc.assert(
      fc.property(
        text.map((t) => t.replace(/\n/g, '')),
        fc.dictionary(name, text),
        (t, values) => {
          expect(fillSubject(t, values)).not.toMatch(/[\r\n]/);
        },
      ),
    );
  });
});
