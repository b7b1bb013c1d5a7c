import type { Issue } from '@domain/validation';
import { i18n } from '@lingui/core';

/** A catalog id ("validation.required"), as the isomorphic schemas give; a server's message is already a sentence. */
const CATALOG_ID = /^[a-z]+(\.[A-Za-z]+)+$/;

/** The text of an issue in the user's language, whether the client or the server found it. */
export const issueText = (issue: Issue): string =>
  CATALOG_ID.test(issue.message) ? i18n._(issue.message, issue.values) : issue.message;

/** Error text per field path ("zip", "meals.1.time"); a form passes `errors[name]` to each field. */
export type FieldErrors = Record<string, string>;

/**
 * Turns validation issues into field errors. `prefix` strips a leading path ("basicDetails") so the issues
 * of /create land on the same names as those of /validate; issues under other prefixes are dropped.
 * Server messages arrive translated; local ones (catalog ids from the isomorphic schemas) are translated here.
 */
export function errorsFromIssues(issues: Issue[], prefix?: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    let field = issue.field ?? '';
    if (prefix) {
      if (field !== prefix && !field.startsWith(`${prefix}.`)) continue;
      field = field.slice(prefix.length + 1);
    }
    // The first issue of a field wins: it is usually the most basic one (required before format).
    errors[field] ??= issueText(issue);
  }
  return errors;
}

/** Issues that belong to no field shown on the form, to be shown as a summary or a toast. */
export function unplacedIssues(issues: Issue[], shownFields: readonly string[]): Issue[] {
  return issues.filter((i) => !i.field || !shownFields.includes(i.field));
}

/**
 * Focuses the first invalid field in document order (a field sets aria-invalid when it has an error).
 * Call after React rendered the errors, e.g. in a requestAnimationFrame or an effect.
 */
export function focusFirstInvalid(root: ParentNode = document): boolean {
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return false;
  const target = invalid.matches('input, textarea, select, button, [tabindex]')
    ? invalid
    : invalid.querySelector<HTMLElement>('input, textarea, select, button, [tabindex]:not([tabindex="-1"])');
  (target ?? invalid).focus();
  (target ?? invalid).scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  return true;
}

/** Runs focusFirstInvalid once React has committed the new errors. */
export function focusFirstInvalidSoon(root?: ParentNode) {
  requestAnimationFrame(() => focusFirstInvalid(root));
}
