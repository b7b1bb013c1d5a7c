import * as v from 'valibot';
import { msgId } from './validation-messages.js';

/** One validation problem, as it goes over the wire (HTTP 406) and as forms show it under a field. */
export interface Issue {
  field?: string;
  message: string;
  /** Placeholder values of the message, e.g. the list of invalid zip codes. */
  values?: Record<string, string>;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** C0 and C1 control characters, DEL, and the Unicode line and paragraph separators. */
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The control characters free text may not hold: all but the tab and the line feed. */
const CONTROL_BUT_TAB_OR_LF = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** With the u flag a surrogate pair is one code point, so the range matches only a surrogate without its pair. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

const without = (pattern: RegExp, message: string) => v.check((s: string) => !pattern.test(s), message);
/** JSON.parse makes a lone surrogate of "\ud800"; stored as UTF-8 it would silently turn into U+FFFD. */
const wellFormed = () => without(LONE_SURROGATE, msgId('invalidCharacter'));

/**
 * A trimmed string on one line: names, addresses, e-mail, titles. Such values go into mails as they are, where a
 * line break (or another control character) would forge lines or headers. `message` is for a value that is no string.
 */
export const singleLineText = (message: string) =>
  v.pipe(v.string(message), v.trim(), wellFormed(), without(LINE_BREAK_OR_CONTROL, msgId('controlCharacters')));

/** Trimmed free text (descriptions, notes, remarks, comments): keeps its line breaks, CRLF as LF, and tabs. */
export const multiLineText = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.transform((s) => s.replace(/\r\n/g, '\n')),
    wellFormed(),
    without(CONTROL_BUT_TAB_OR_LF, msgId('controlCharactersInText')),
  );

/** singleLineText or multiLineText, for helpers that build a field of either kind. */
export type TextSchema = (message: string) => v.GenericSchema<string, string>;

/** Dotted field path of a valibot issue: "basicDetails.zip", "options.meals.1.time". */
function fieldOf(issue: v.BaseIssue<unknown>): string | undefined {
  const keys = issue.path?.map((p) => String(p.key)).filter((k) => k !== 'undefined');
  return keys && keys.length > 0 ? keys.join('.') : undefined;
}

export function prefixIssues(prefix: string, issues: Issue[]): Issue[] {
  return issues.map((i) => ({ ...i, field: i.field ? `${prefix}.${i.field}` : prefix }));
}

/** A strict object reports a missing key, an unknown key and a value that is no object; they need different words. */
function messageOf(issue: v.BaseIssue<unknown>): string {
  if (issue.type !== 'strict_object' && issue.type !== 'object') return issue.message;
  if (issue.expected === 'never') return msgId('unknownField');
  return issue.received === 'undefined' ? msgId('required') : msgId('invalidValue');
}

/** A rule across fields that reads only the fields it names: it runs once those parsed, whatever else failed. */
export interface FieldRule<T> {
  /** Dotted paths of the fields the rule reads ("basicDetails.date", "options.meals"). */
  reads: readonly string[];
  /** Gets the parsed value; only the fields in `reads` are sure to have their parsed type. */
  check: (value: T) => Issue[];
}

/** Rules as one function that needs the whole value parsed, or as field rules that run as far as fields parsed. */
type Rules<T> = ((value: T) => Issue[]) | readonly FieldRule<T>[];

/** Whether an issue at `field` (undefined: the value as a whole) touches the value at `path`, above or below it. */
const touches = (field: string | undefined, path: string) =>
  field === undefined || field === path || path.startsWith(`${field}.`) || field.startsWith(`${path}.`);

function ruleIssues<T>(rules: Rules<T>, value: T, schemaIssues: Issue[]): Issue[] {
  if (typeof rules === 'function') return schemaIssues.length > 0 ? [] : rules(value);
  const parsed = (path: string) => !schemaIssues.some((issue) => touches(issue.field, path));
  return rules.filter((rule) => rule.reads.every(parsed)).flatMap((rule) => rule.check(value));
}

/**
 * Parses with a valibot schema and runs the cross-field rules on the typed value, so that a form learns every
 * problem at once: field rules run even when other fields failed. Issue messages are catalog ids (see
 * validation-messages.ts); the server and the client translate them.
 */
export function validate<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  rules: Rules<v.InferOutput<S>> = [],
): Validation<v.InferOutput<S>> {
  const parsed = v.safeParse(schema, input);
  const schemaIssues = parsed.success ? [] : parsed.issues.map((i) => ({ field: fieldOf(i), message: messageOf(i) }));
  const issues = [...schemaIssues, ...ruleIssues(rules, parsed.output as v.InferOutput<S>, schemaIssues)];
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: parsed.output as v.InferOutput<S> };
}
