import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { errorsFromIssues, type FieldErrors, focusFirstInvalidSoon } from '../../../components/form';
import { ApiError } from '../../../lib/api';
import { snackbar, toast } from '../../../lib/toasts';
import { useReportUnsaved, useUnsavedSections } from './unsavedSections';

/**
 * Values, field errors and the busy flag of one settings form, `section` named on the page while it holds unsaved
 * input. A 406 puts each issue under its field and focuses the first invalid one; any other failure is a toast;
 * success a snackbar that names the sections still unsaved.
 */
export function useSettingsForm<T>(initial: T, options: { section: string; issuePrefix?: string }) {
  const { t } = useLingui();
  const [values, setValues] = useState<T>(initial);
  const [saved, setSaved] = useState<T>(initial);
  useReportUnsaved(options.section, JSON.stringify(values) !== JSON.stringify(saved));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!e[key as string]) return e;
      const { [key as string]: _removed, ...rest } = e;
      return rest;
    });
  };

  const submit = async (save: () => Promise<unknown>, successText?: string): Promise<boolean> => {
    setBusy(true);
    try {
      await save();
      setErrors({});
      setSaved(values);
      const others = useUnsavedSections.getState().sections.filter((name) => name !== options.section);
      snackbar(successText ?? (others.length > 0 ? t`Saved. Not saved yet: ${others.join(', ')}` : t`Saved`));
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 406) {
        setErrors(errorsFromIssues(e.issues, options.issuePrefix));
        focusFirstInvalidSoon(formRef.current ?? undefined);
        toast(t`Some input fields are not yet correct, please check the red marked fields`, 'error');
      } else {
        toast(e instanceof Error ? e.message : String(e), 'error');
      }
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { values, setValues, set, errors, setErrors, busy, submit, formRef };
}
