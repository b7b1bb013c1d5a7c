import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './placeholders.js';

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
