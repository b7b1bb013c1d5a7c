import { IMPORT_CONTENT_TYPES, type ImportPreview, type ImportResult } from '@contract/participants-import';
import type { Issue } from '@domain/validation';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ApiError, upload } from '../../lib/api';
import { snackbar } from '../../lib/toasts';
import { useAdminId } from '../admin/hooks';
import { participantsPath, useParticipantActions } from './hooks';

export interface ImportFailure {
  message: string;
  issues: Issue[];
}

interface ChosenFile {
  file: File;
  contentType: string;
}

/** Where the import stands; a failure shows on the step it went back to. */
export type ImportState =
  | { step: 'choose'; failure?: ImportFailure }
  | { step: 'uploading'; fileName: string; fraction: number }
  | { step: 'preview'; chosen: ChosenFile; preview: ImportPreview; skipInvalid: boolean; failure?: ImportFailure }
  | { step: 'importing'; chosen: ChosenFile; preview: ImportPreview; skipInvalid: boolean; fraction: number };

/** The state while the rows of a file are shown: in the preview and while they are imported. */
export const previewing = (state: ImportState) =>
  state.step === 'preview' || state.step === 'importing' ? state : null;

const contentTypeOf = (file: File): string | undefined => {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return IMPORT_CONTENT_TYPES.csv;
  if (name.endsWith('.xlsx')) return IMPORT_CONTENT_TYPES.xlsx;
  return undefined;
};

/**
 * Import in two steps: the file goes to the preview first (nothing is stored), and only `runImport` stores its
 * rows — all of them, or the valid ones when told to skip the rest. `onImported` follows a successful import.
 */
export function useImport(onImported: () => void) {
  const { t } = useLingui();
  const adminId = useAdminId();
  const { refreshAll } = useParticipantActions();
  const [state, setState] = useState<ImportState>({ step: 'choose' });
  const busy = state.step === 'uploading' || state.step === 'importing';

  const failureOf = (e: unknown): ImportFailure => {
    const issues = e instanceof ApiError ? e.issues : [];
    return {
      message: issues.length > 0 ? t`The file could not be read:` : e instanceof Error ? e.message : String(e),
      issues,
    };
  };

  const choose = async (file: File | undefined) => {
    if (!file || busy) return;
    const contentType = contentTypeOf(file);
    if (!contentType)
      return setState({
        step: 'choose',
        failure: { message: t`Please choose a CSV file or an Excel file (.xlsx).`, issues: [] },
      });
    const uploading = (fraction: number) => setState({ step: 'uploading', fileName: file.name, fraction });
    uploading(0);
    try {
      const preview = await upload<ImportPreview>(
        participantsPath(adminId, '/participants/import/preview'),
        file,
        contentType,
        uploading,
      );
      setState({ step: 'preview', chosen: { file, contentType }, preview, skipInvalid: false });
    } catch (e) {
      setState({ step: 'choose', failure: failureOf(e) });
    }
  };

  const runImport = async () => {
    if (state.step !== 'preview') return;
    const { chosen, preview, skipInvalid } = state;
    const importing = (fraction: number) => setState({ step: 'importing', chosen, preview, skipInvalid, fraction });
    importing(0);
    try {
      const result = await upload<ImportResult>(
        participantsPath(adminId, `/participants/import?skipInvalid=${skipInvalid}`),
        chosen.file,
        chosen.contentType,
        importing,
      );
      refreshAll();
      const { imported, skipped } = result;
      const importedText = plural(imported, { one: '# participant imported.', other: '# participants imported.' });
      const skippedText = plural(skipped, {
        one: '# row with problems skipped.',
        other: '# rows with problems skipped.',
      });
      snackbar(skipped > 0 ? `${importedText} ${skippedText}` : importedText);
      reset();
      onImported();
    } catch (e) {
      setState({ step: 'preview', chosen, preview, skipInvalid, failure: failureOf(e) });
    }
  };

  const setSkipInvalid = (skipInvalid: boolean) =>
    setState((current) => (current.step === 'preview' ? { ...current, skipInvalid } : current));
  const reset = () => setState({ step: 'choose' });

  return { state, busy, choose, runImport, setSkipInvalid, reset };
}
