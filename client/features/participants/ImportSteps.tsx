import { IMPORT_CONTENT_TYPES } from '@contract/participants-import';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { issueText } from '../../components/form';
import { useFieldLabel } from './fieldLabels';
import type { ImportFailure } from './useImport';

/** The first step: a file input whose label is also where a file can be dropped. */
export function DropZone({ dragOver, onFile }: { dragOver: boolean; onFile: (file: File | undefined) => void }) {
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
          <path
            d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
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

export function UploadProgress({ fileName, fraction }: { fileName: string; fraction: number }) {
  const { t } = useLingui();
  return <Progress fraction={fraction} label={fraction < 1 ? t`Uploading ${fileName}…` : t`Checking the rows…`} />;
}

export function Progress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div data-testid="import-progress">
      <div className="mb-1 flex justify-between gap-3 text-sm text-gray-700">
        <span className="min-w-0 truncate">{label}</span>
        <span className="tabular-nums">{percent} %</span>
      </div>
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-gray-100"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div
          className="h-full rounded-full bg-primary-600 transition-[width]"
          style={{ width: `${Math.max(percent, 3)}%` }}
        />
      </div>
    </div>
  );
}

/** Why the file could not be read or imported, with the problems of its rows. */
export function ImportError({ error }: { error: ImportFailure }) {
  const fieldLabel = useFieldLabel();
  return (
    <div
      role="alert"
      className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid="import-error"
    >
      <p className="font-medium">{error.message}</p>
      {error.issues.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {error.issues.map((issue, i) => {
            const label = fieldLabel(issue.field);
            const message = issueText(issue);
            return <li key={i}>{label ? `${label}: ${message}` : message}</li>;
          })}
        </ul>
      )}
    </div>
  );
}
