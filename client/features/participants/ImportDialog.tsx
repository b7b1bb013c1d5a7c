import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { IMPORT_CONTENT_TYPES, type ImportPreview, type ImportResult, type ImportRow } from '@server/features/participants/participants-import.schema';
import type { Issue } from '@server/lib/validation';
import { useId, useState, type DragEvent } from 'react';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/form';
import { StackedTable, type Column } from '../../components/Table';
import { ApiError, upload } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { snackbar } from '../../lib/toasts';
import { useAdminId } from '../admin/hooks';
import { useFieldLabel } from './fieldLabels';
import { participantsPath, useParticipantActions } from './hooks';

type Step =
  | { kind: 'choose' }
  | { kind: 'uploading'; fileName: string; fraction: number }
  | { kind: 'preview'; file: File; contentType: string; preview: ImportPreview }
  | { kind: 'importing'; file: File; contentType: string; preview: ImportPreview; fraction: number };

const contentTypeOf = (file: File): string | undefined => {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return IMPORT_CONTENT_TYPES.csv;
  if (name.endsWith('.xlsx')) return IMPORT_CONTENT_TYPES.xlsx;
  return undefined;
};

/**
 * Import from CSV or XLSX in two steps: the file goes to the preview first (nothing is stored), the organiser
 * sees every row with its issues, and only then imports — all rows, or the valid ones when told to skip the rest.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const adminId = useAdminId();
  const { refreshAll } = useParticipantActions();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<{ message: string; issues: Issue[] } | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [dragOver, setDragOver] = useState(false);
  const busy = step.kind === 'uploading' || step.kind === 'importing';

  const reset = () => {
    setStep({ kind: 'choose' });
    setError(null);
    setSkipInvalid(false);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const failure = (e: unknown) => {
    const issues = e instanceof ApiError ? e.issues : [];
    setError({ message: issues.length > 0 ? t`The file could not be read:` : e instanceof Error ? e.message : String(e), issues });
  };

  const choose = async (file: File | undefined) => {
    if (!file || busy) return;
    setError(null);
    setSkipInvalid(false);
    const contentType = contentTypeOf(file);
    if (!contentType) {
      setStep({ kind: 'choose' });
      setError({ message: t`Please choose a CSV file or an Excel file (.xlsx).`, issues: [] });
      return;
    }
    setStep({ kind: 'uploading', fileName: file.name, fraction: 0 });
    try {
      const preview = await upload<ImportPreview>(participantsPath(adminId, '/participants/import/preview'), file, contentType, (fraction) =>
        setStep({ kind: 'uploading', fileName: file.name, fraction }),
      );
      setStep({ kind: 'preview', file, contentType, preview });
    } catch (e) {
      setStep({ kind: 'choose' });
      failure(e);
    }
  };

  const runImport = async () => {
    if (step.kind !== 'preview') return;
    const { file, contentType, preview } = step;
    setError(null);
    setStep({ kind: 'importing', file, contentType, preview, fraction: 0 });
    try {
      const result = await upload<ImportResult>(participantsPath(adminId, `/participants/import?skipInvalid=${skipInvalid}`), file, contentType, (fraction) =>
        setStep({ kind: 'importing', file, contentType, preview, fraction }),
      );
      refreshAll();
      const { imported, skipped } = result;
      const importedText = plural(imported, { one: '# participant imported.', other: '# participants imported.' });
      const skippedText = plural(skipped, { one: '# row with problems skipped.', other: '# rows with problems skipped.' });
      snackbar(skipped > 0 ? `${importedText} ${skippedText}` : importedText);
      reset();
      onClose();
    } catch (e) {
      setStep({ kind: 'preview', file, contentType, preview });
      failure(e);
    }
  };

  const onDragOver = (e: DragEvent) => {
    if (busy || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    setDragOver(true);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    void choose(e.dataTransfer.files[0]);
  };

  const preview = step.kind === 'preview' || step.kind === 'importing' ? step.preview : null;
  const invalidCount = preview?.invalidCount ?? 0;
  const importCount = preview ? (skipInvalid ? preview.validCount : preview.validCount + preview.invalidCount) : 0;
  const blocked = !!preview && preview.invalidCount > 0 && !skipInvalid;

  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-gray-900/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-2 sm:items-center sm:p-4">
        <DialogPanel
          data-testid="import-dialog"
          onDragOver={onDragOver}
          onDragLeave={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setDragOver(false)}
          onDrop={onDrop}
          className={`flex max-h-[92vh] w-full flex-col rounded-xl bg-white shadow-xl ${preview ? 'max-w-5xl' : 'max-w-lg'} ${dragOver ? 'ring-4 ring-primary-500' : ''}`}
        >
          <div className="border-b border-gray-100 px-5 pt-5 pb-4 sm:px-6">
            <div className="flex items-start justify-between gap-3">
              <DialogTitle className="text-lg font-semibold text-gray-900">
                <Trans>Import participants</Trans>
              </DialogTitle>
              <button
                type="button"
                onClick={close}
                disabled={busy}
                aria-label={t`Close`}
                className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-xl text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 disabled:opacity-40"
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
            <p className="mt-1 text-sm text-gray-600">
              {preview ? (
                <Trans>Check the rows. Nothing is stored until you import.</Trans>
              ) : (
                <Trans>From a CSV file or an Excel file (.xlsx). The first row names the columns – a file exported here has the right ones.</Trans>
              )}
            </p>
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 sm:px-6">
            {error && <ImportError error={error} />}
            {step.kind === 'choose' && <DropZone dragOver={dragOver} onFile={(f) => void choose(f)} />}
            {step.kind === 'uploading' && <UploadProgress fileName={step.fileName} fraction={step.fraction} />}
            {preview && <PreviewTable preview={preview} />}
          </div>

          <div className="flex flex-col gap-3 border-t border-gray-100 px-5 py-4 sm:px-6">
            {step.kind === 'importing' && <Progress fraction={step.fraction} label={step.fraction < 1 ? t`Uploading…` : t`Importing the participants…`} />}
            {invalidCount > 0 && (
              <CheckboxField
                name="skipInvalid"
                checked={skipInvalid}
                onChange={setSkipInvalid}
                disabled={busy}
                label={<Plural value={invalidCount} one="Skip the row with problems and import the others" other="Skip the # rows with problems and import the others" />}
              />
            )}
            {blocked && (
              <p className="text-sm text-amber-900 sm:text-right" data-testid="import-blocked">
                <Trans>Correct the file and choose it again, or skip the rows with problems.</Trans>
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              {preview ? (
                <>
                  <Button variant="secondary" className="flex-1 sm:flex-none" onClick={reset} disabled={busy}>
                    <Trans>Choose another file</Trans>
                  </Button>
                  <Button className="flex-1 sm:flex-none" onClick={() => void runImport()} disabled={busy || blocked || importCount === 0} data-testid="import-submit">
                    {step.kind === 'importing' ? <Trans>Importing…</Trans> : <Plural value={importCount} one="Import # participant" other="Import # participants" />}
                  </Button>
                </>
              ) : (
                <Button variant="secondary" onClick={close} disabled={busy}>
                  <Trans>Cancel</Trans>
                </Button>
              )}
            </div>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function DropZone({ dragOver, onFile }: { dragOver: boolean; onFile: (file: File | undefined) => void }) {
  const inputId = useId();
  return (
    <div>
      <input
        id={inputId}
        type="file"
        accept={`.csv,.xlsx,${IMPORT_CONTENT_TYPES.csv},${IMPORT_CONTENT_TYPES.xlsx}`}
        className="peer sr-only"
        data-testid="import-file-input"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        data-testid="import-dropzone"
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-10 text-center peer-focus-visible:ring-2 peer-focus-visible:ring-primary-500 peer-focus-visible:ring-offset-2 ${dragOver ? 'border-primary-600 bg-primary-50' : 'border-gray-300 bg-gray-50 hover:border-primary-600 hover:bg-primary-50'}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8 fill-none stroke-primary-700" strokeWidth={1.8}>
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="font-semibold text-primary-800">
          <Trans>Choose a file</Trans>
        </span>
        <span className="text-sm text-gray-600">
          <Trans>or drop it here · CSV or Excel (.xlsx)</Trans>
        </span>
      </label>
    </div>
  );
}

function UploadProgress({ fileName, fraction }: { fileName: string; fraction: number }) {
  const { t } = useLingui();
  return <Progress fraction={fraction} label={fraction < 1 ? t`Uploading ${fileName}…` : t`Checking the rows…`} />;
}

function Progress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div data-testid="import-progress">
      <div className="mb-1 flex justify-between gap-3 text-sm text-gray-700">
        <span className="min-w-0 truncate">{label}</span>
        <span className="tabular-nums">{percent} %</span>
      </div>
      <div className="h-2 w-full overflow-hidden rounded-full bg-gray-100" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="h-full rounded-full bg-primary-600 transition-[width]" style={{ width: `${Math.max(percent, 3)}%` }} />
      </div>
    </div>
  );
}

function ImportError({ error }: { error: { message: string; issues: Issue[] } }) {
  const fieldLabel = useFieldLabel();
  return (
    <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="import-error">
      <p className="font-medium">{error.message}</p>
      {error.issues.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {error.issues.map((issue, i) => {
            const label = fieldLabel(issue.field);
            const message = i18n._(issue.message, issue.values);
            return <li key={i}>{label ? `${label}: ${message}` : message}</li>;
          })}
        </ul>
      )}
    </div>
  );
}

const headerCell = 'px-2 py-2';
const columns: Column[] = [
  { label: <Trans>Row</Trans>, className: `w-14 ${headerCell} text-right` },
  { label: <Trans>Name</Trans>, className: headerCell },
  { label: <Trans>E-mail</Trans>, className: headerCell },
  { label: <Trans>Address</Trans>, className: headerCell },
  { label: <Trans>Problems</Trans>, className: headerCell },
];

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const { t } = useLingui();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const { validCount, invalidCount, ignoredColumns } = preview;
  const ignored = ignoredColumns.join(', ');
  const rows = onlyProblems ? preview.rows.filter((r) => r.issues.length > 0) : preview.rows;
  return (
    <div data-testid="import-preview">
      <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="rounded-full bg-primary-50 px-2.5 py-1 font-semibold text-primary-800" data-testid="import-valid-count" data-count={validCount}>
          <Plural value={validCount} one="# row valid" other="# rows valid" />
        </span>
        <span
          className={`rounded-full px-2.5 py-1 font-semibold ${invalidCount > 0 ? 'bg-red-50 text-red-800' : 'bg-gray-100 text-gray-700'}`}
          data-testid="import-invalid-count"
          data-count={invalidCount}
        >
          <Plural value={invalidCount} one="# row with problems" other="# rows with problems" />
        </span>
        {invalidCount > 0 && (
          <label className="flex items-center gap-2 text-gray-700">
            <input type="checkbox" checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} className="size-4 accent-primary-700" />
            <Trans>Show only rows with problems</Trans>
          </label>
        )}
      </div>
      {ignoredColumns.length > 0 && (
        <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Trans>These columns are not imported: {ignored}</Trans>
        </p>
      )}
      {preview.rows.length === 0 ? (
        <p className="rounded-lg bg-gray-50 px-3 py-6 text-center text-sm text-gray-700">
          <Trans>The file contains no participants.</Trans>
        </p>
      ) : (
        <StackedTable caption={t`Rows of the file`} columns={columns}>
          {rows.map((row) => (
            <PreviewRow key={row.rowNumber} row={row} />
          ))}
        </StackedTable>
      )}
    </div>
  );
}

const cell = 'md:table-cell md:px-2 md:py-2 md:align-top';
/** Fields the preview has a column for; the value of any other invalid field is quoted beside its issue. */
const SHOWN_COLUMNS = new Set(['firstnamePart', 'lastname', 'email', 'street', 'streetNr', 'zip', 'cityName']);

function PreviewRow({ row }: { row: ImportRow }) {
  const fieldLabel = useFieldLabel();
  const p = row.participant;
  const invalid = new Set(row.issues.map((i) => i.field));
  const mark = (...fields: string[]) => (fields.some((f) => invalid.has(f)) ? 'font-medium text-red-800 underline decoration-red-600 decoration-wavy underline-offset-4' : '');
  const bad = row.issues.length > 0;
  return (
    <tr
      data-testid="import-row"
      data-row={row.rowNumber}
      data-valid={!bad}
      className={`grid grid-cols-[2rem_minmax(0,1fr)] gap-x-2 gap-y-0.5 px-2 py-2.5 md:table-row md:p-0 ${bad ? 'bg-red-50' : ''}`}
    >
      <td className={`col-start-1 row-start-1 text-right tabular-nums text-gray-600 ${cell}`}>{row.rowNumber}</td>
      <td className={`col-start-2 min-w-0 font-medium break-words text-gray-900 ${cell}`}>
        <span className={mark('firstnamePart')}>{text(p.firstnamePart)}</span> <span className={mark('lastname')}>{text(p.lastname)}</span>
      </td>
      <td className={`col-start-2 min-w-0 break-all text-gray-700 empty:hidden ${cell}`}>
        <span className={mark('email')}>{text(p.email)}</span>
      </td>
      <td className={`col-start-2 min-w-0 text-gray-700 ${cell}`}>
        <span className={mark('street', 'streetNr')}>
          {text(p.street)} {text(p.streetNr)}
        </span>
        {(text(p.zip) || text(p.cityName)) && ', '}
        <span className={mark('zip', 'cityName')}>
          {text(p.zip)} {text(p.cityName)}
        </span>
      </td>
      <td className={`col-start-2 min-w-0 ${cell}`}>
        {bad ? (
          <ul className="space-y-0.5 text-red-800" data-testid="import-row-issues">
            {row.issues.map((issue, i) => (
              <li key={i}>
                {fieldLabel(issue.field) && <span className="font-semibold">{fieldLabel(issue.field)}: </span>}
                {i18n._(issue.message, issue.values)}
                {issue.field && !SHOWN_COLUMNS.has(issue.field) && text(p[issue.field as keyof typeof p]) && (
                  <>
                    {' '}
                    <code className="rounded bg-red-100 px-1 font-mono text-xs text-red-900">{text(p[issue.field as keyof typeof p])}</code>
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-primary-700">
            <span aria-hidden="true">✓ </span>
            <Trans>ok</Trans>
          </span>
        )}
      </td>
    </tr>
  );
}
