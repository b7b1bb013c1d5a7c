import { DialogTitle } from '@headlessui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type DragEvent, useState } from 'react';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/form';
import { Modal } from '../../components/Modal';
import { PreviewTable } from './ImportPreviewTable';
import { DropZone, ImportError, Progress, UploadProgress } from './ImportSteps';
import { type ImportState, previewing, useImport } from './useImport';

/**
 * Import from CSV or XLSX in two steps: the file goes to the preview first (nothing is stored), the organiser
 * sees every row with its issues, and only then imports — all rows, or the valid ones when told to skip the rest.
 * A file can be dropped anywhere on the dialog.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const importer = useImport(onClose);
  const { state, busy } = importer;
  const [dragOver, setDragOver] = useState(false);
  const preview = previewing(state)?.preview;
  const failure = state.step === 'choose' || state.step === 'preview' ? state.failure : undefined;

  const close = () => {
    if (busy) return;
    importer.reset();
    onClose();
  };
  const onDragOver = (e: DragEvent) => {
    if (busy || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    setDragOver(true);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    void importer.choose(e.dataTransfer.files[0]);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      testId="import-dialog"
      smallMarginOnPhone
      onDragOver={onDragOver}
      onDragLeave={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setDragOver(false)}
      onDrop={onDrop}
      className={`flex max-h-[92vh] flex-col ${preview ? 'max-w-5xl' : 'max-w-lg'} ${dragOver ? 'ring-4 ring-primary-500' : ''}`}
    >
      <ImportHeader previewing={!!preview} busy={busy} onClose={close} />
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 sm:px-6">
        {failure && <ImportError error={failure} />}
        {state.step === 'choose' && <DropZone dragOver={dragOver} onFile={(f) => void importer.choose(f)} />}
        {state.step === 'uploading' && <UploadProgress fileName={state.fileName} fraction={state.fraction} />}
        {preview && <PreviewTable preview={preview} />}
      </div>
      <ImportFooter
        state={state}
        busy={busy}
        onSkipInvalid={importer.setSkipInvalid}
        onChooseAnother={importer.reset}
        onImport={() => void importer.runImport()}
        onCancel={close}
      />
    </Modal>
  );
}

function ImportHeader({ previewing, busy, onClose }: { previewing: boolean; busy: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <div className="border-b border-gray-100 px-5 pt-5 pb-4 sm:px-6">
      <div className="flex items-start justify-between gap-3">
        <DialogTitle className="text-lg font-semibold text-gray-900">
          <Trans>Import participants</Trans>
        </DialogTitle>
        <button
          type="button"
          onClick={onClose}
          disabled={busy}
          aria-label={t`Close`}
          className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-xl text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 disabled:opacity-40"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p className="mt-1 text-sm text-gray-600">
        {previewing ? (
          <Trans>Check the rows. Nothing is stored until you import.</Trans>
        ) : (
          <Trans>
            From a CSV file or an Excel file (.xlsx). The first row names the columns – a file exported here has the
            right ones.
          </Trans>
        )}
      </p>
    </div>
  );
}

interface ImportFooterProps {
  state: ImportState;
  busy: boolean;
  onSkipInvalid: (skip: boolean) => void;
  onChooseAnother: () => void;
  onImport: () => void;
  onCancel: () => void;
}

/** The import's progress, whether rows with problems are skipped, and the buttons. */
function ImportFooter({ state, busy, onSkipInvalid, onChooseAnother, onImport, onCancel }: ImportFooterProps) {
  const { t } = useLingui();
  const rows = previewing(state);
  const skipInvalid = rows?.skipInvalid ?? false;
  const invalidCount = rows?.preview.invalidCount ?? 0;
  const importCount = rows
    ? skipInvalid
      ? rows.preview.validCount
      : rows.preview.validCount + rows.preview.invalidCount
    : 0;
  const blocked = invalidCount > 0 && !skipInvalid;
  return (
    <div className="flex flex-col gap-3 border-t border-gray-100 px-5 py-4 sm:px-6">
      {state.step === 'importing' && (
        <Progress
          fraction={state.fraction}
          label={state.fraction < 1 ? t`Uploading…` : t`Importing the participants…`}
        />
      )}
      {invalidCount > 0 && (
        <CheckboxField
          name="skipInvalid"
          checked={skipInvalid}
          onChange={onSkipInvalid}
          disabled={busy}
          label={
            <Plural
              value={invalidCount}
              one="Skip the row with problems and import the others"
              other="Skip the # rows with problems and import the others"
            />
          }
        />
      )}
      {blocked && (
        <p className="text-sm text-amber-900 sm:text-right" data-testid="import-blocked">
          <Trans>Correct the file and choose it again, or skip the rows with problems.</Trans>
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {rows ? (
          <>
            <Button variant="secondary" className="flex-1 sm:flex-none" onClick={onChooseAnother} disabled={busy}>
              <Trans>Choose another file</Trans>
            </Button>
            <Button
              className="flex-1 sm:flex-none"
              onClick={onImport}
              disabled={busy || blocked || importCount === 0}
              data-testid="import-submit"
            >
              {state.step === 'importing' ? (
                <Trans>Importing…</Trans>
              ) : (
                <Plural value={importCount} one="Import # participant" other="Import # participants" />
              )}
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </div>
    </div>
  );
}
