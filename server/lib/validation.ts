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

/** Dotted field path of a valibot issue: "basicDetails.zip", "options.meals.1.time". */
export function fieldOf(issue: v.BaseIssue<unknown>): string | undefined {
  const keys = issue.path?.map((p) => String(p.key)).filter((k) => k !== 'undefined');
  return keys && keys.length > 0 ? keys.join('.') : undefined;
}

export function prefixIssues(prefix: string, issues: Issue[]): Issue[] {
  return issues.map((i) => ({ ...i, field: i.field ? `${prefix}.${i.field}` : prefix }));
}

/** A strict object reports a missing key, an unknown key and a value that is no object; they need different words. */
function messageOf(issue: v.BaseIssue<unknown>): string {
  if (issue.type !== 'strict_object') return issue.message;
  if (issue.expected === 'never') return msgId('unknownField');
  return issue.received === 'undefined' ? msgId('required') : msgId('invalidValue');
}

/**
 * Parses with a valibot schema, then runs the cross-field rules on the typed value. Issue messages are
 * catalog ids (see validation-messages.ts); the server and the client translate them.
 */
export function validate<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  rules: (value: v.InferOutput<S>) => Issue[] = () => [],
): Validation<v.InferOutput<S>> {
  const parsed = v.safeParse(schema, input);
  if (!parsed.success) return { ok: false, issues: parsed.issues.map((i) => ({ field: fieldOf(i), message: messageOf(i) })) };
  const issues = rules(parsed.output);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: parsed.output };
}
