import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Button, LinkButton } from '../../components/Button';
import { inputClass } from '../../components/form';
import { ExportMenu } from './ExportMenu';

interface ParticipantsToolbarProps {
  query: string;
  onQuery: (q: string) => void;
  /** Searching waits for the list. */
  searchable: boolean;
  readOnly: boolean;
  onImport: () => void;
}

/** The search box, and adding, importing and exporting participants. */
export function ParticipantsToolbar({ query, onQuery, searchable, readOnly, onImport }: ParticipantsToolbarProps) {
  const { t } = useLingui();
  const searchId = useId();
  return (
    <div className="mb-6 flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
      <div className="md:w-80">
        <label htmlFor={searchId} className="sr-only">
          <Trans>Search participants</Trans>
        </label>
        <div className="relative">
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 fill-gray-500"
          >
            <path d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64a.75.75 0 1 1-1.06 1.06l-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z" />
          </svg>
          <input
            id={searchId}
            type="search"
            value={query}
            disabled={!searchable}
            onChange={(e) => onQuery(e.target.value)}
            placeholder={t`Search by name, e-mail or address`}
            className={`${inputClass} border-gray-300 pl-9 focus:border-primary-600 focus:ring-primary-500/30`}
            data-testid="participant-search"
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 md:flex">
        {!readOnly && (
          <>
            <AddParticipantLink className="col-span-2" />
            <Button variant="secondary" onClick={onImport} data-testid="import-open">
              <Trans>Import</Trans>
            </Button>
          </>
        )}
        <ExportMenu />
      </div>
    </div>
  );
}

export function AddParticipantLink({ className }: { className?: string }) {
  return (
    <LinkButton href="/participants/new" className={className} data-testid="add-participant">
      <span aria-hidden="true">+</span>
      <Trans>Add participant</Trans>
    </LinkButton>
  );
}
