import type { Issue } from '@domain/validation';
import { useCallback, useEffect, useState } from 'react';
import { errorsFromIssues, type FieldErrors, focusFirstInvalid } from './errors';

/**
 * Field errors of one form. `show` replaces them from issues (optionally stripping a prefix such as
 * "basicDetails") and, once they are rendered, focuses the first invalid field; `clear` removes one
 * field's error (or all) as the user edits.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  // Bumped by show(); the effect runs after React committed the errors, so aria-invalid is in the DOM.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid();
  }, [focusRequest]);

  const show = useCallback((issues: Issue[], prefix?: string) => {
    const next = errorsFromIssues(issues, prefix);
    setErrors(next);
    if (Object.keys(next).length > 0) setFocusRequest((n) => n + 1);
    return next;
  }, []);
  /** Like setErrors, then focuses the first invalid field (for client-side checks). */
  const showErrors = useCallback((next: FieldErrors) => {
    setErrors(next);
    if (Object.keys(next).length > 0) setFocusRequest((n) => n + 1);
  }, []);
  const clear = useCallback((field?: string) => {
    setErrors((current) => {
      if (field === undefined) return {};
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  }, []);
  return { errors, setErrors, show, showErrors, clear };
}
