import type { ImportPreview, ImportRow } from '@contract/participants-import';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { issueText } from '../../components/form';
import { type Column, StackedTable } from '../../components/Table';
import { useFieldLabel } from './fieldLabels';

const headerCell = 'px-2 py-2';
const columns: Column[] = [
  { label: <Trans>Row</Trans>, className: `w-14 ${headerCell} text-right` },
  { label: <Trans>Name</Trans>, className: headerCell },
  { label: <Trans>E-mail</Trans>, className: headerCell },
  { label: <Trans>Address</Trans>, className: headerCell },
  { label: <Trans>Problems</Trans>, className: headerCell },
];

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Every row of the file with its problems, before anything is stored. */
export function PreviewTable({ preview }: { preview: ImportPreview }) {
  const { t } = useLingui();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const { validCount, invalidCount, ignoredColumns } = preview;
  const ignored = ignoredColumns.join(', ');
  const rows = onlyProblems ? preview.rows.filter((r) => r.issues.length > 0) : preview.rows;
  return (
    <div data-testid="import-preview">
      <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span
          className="rounded-full bg-primary-50 px-2.5 py-1 font-semibold text-primary-800"
          data-testid="import-valid-count"
          data-count={validCount}
        >
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
            <input
              type="checkbox"
              checked={onlyProblems}
              onChange={(e) => setOnlyProblems(e.target.checked)}
              className="size-4 accent-primary-700"
            />
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
  const mark = (...fields: string[]) =>
    fields.some((f) => invalid.has(f))
      ? 'font-medium text-red-800 underline decoration-red-600 decoration-wavy underline-offset-4'
      : '';
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
        <span className={mark('firstnamePart')}>{text(p.firstnamePart)}</span>{' '}
        <span className={mark('lastname')}>{text(p.lastname)}</span>
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
                {issueText(issue)}
                {issue.field && !SHOWN_COLUMNS.has(issue.field) && text(p[issue.field as keyof typeof p]) && (
                  <>
                    {' '}
                    <code className="rounded bg-red-100 px-1 font-mono text-xs text-red-900">
                      {text(p[issue.field as keyof typeof p])}
                    </code>
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
