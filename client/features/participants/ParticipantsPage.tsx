import { Trans, useLingui } from '@lingui/react/macro';
import type { RunningDinner } from '@server/features/events/events.schema';
import type { ParticipantList, ParticipantListItem } from '@server/features/participants/participants.schema';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button, LinkButton } from '../../components/Button';
import { inputClass } from '../../components/form';
import { RetryLine } from '../../components/RetryLine';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/api';
import { snackbar, toast } from '../../lib/toasts';
import { Card, PageTitle } from '../admin/Card';
import { isReadOnly } from '../admin/hooks';
import { DeleteParticipantDialog } from './DeleteParticipantDialog';
import { ExportMenu } from './ExportMenu';
import { fullName, matchesSearch, seatsNeededToHost } from './format';
import { useParticipantActions, useParticipants } from './hooks';
import { everyoneIn } from './participantList';
import { ImportDialog } from './ImportDialog';
import { ParticipantTable } from './ParticipantTable';
import type { RowMenuAction } from './RowMenu';
import { SwapDialog } from './SwapDialog';
import { useDragSwap } from './useDragSwap';
import { WaitingListPanel } from './WaitingListPanel';

const focusRowMenu = (participantId: string) =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-participant-id="${participantId}"] [data-row-menu]`)?.focus());

/** /admin/{adminId}/participants — everyone registered: the team members, the waiting list and the unconfirmed. */
export function ParticipantsPage({ dinner }: { dinner: RunningDinner }) {
  const { t } = useLingui();
  const { data: list, error, mutate } = useParticipants();
  const actions = useParticipantActions();
  const readOnly = isReadOnly(dinner);
  const [query, setQuery] = useState('');
  const [importOpen, setImportOpen] = useState(false);
  const [toDelete, setToDelete] = useState<ParticipantListItem | null>(null);
  const [toSwap, setToSwap] = useState<ParticipantListItem | null>(null);
  const [swapping, setSwapping] = useState(false);
  const [activating, setActivating] = useState<string | null>(null);

  const everyone = useMemo(() => everyoneIn(list), [list]);
  const confirmed = useMemo(() => (list ? [...list.participants, ...list.participantsWaitingList] : []), [list]);
  const waitingIds = useMemo(() => new Set(list?.participantsWaitingList.map((p) => p.id)), [list]);

  const swap = async (firstId: string, secondId: string, focusId?: string) => {
    const first = confirmed.find((p) => p.id === firstId);
    const second = confirmed.find((p) => p.id === secondId);
    if (!first || !second || swapping) return;
    setSwapping(true);
    const firstName = fullName(first);
    const secondName = fullName(second);
    try {
      await actions.swap(firstId, secondId);
      if (focusId) focusRowMenu(focusId);
      snackbar(t`${firstName} and ${secondName} swapped places.`);
    } catch (e) {
      toast(errorMessage(e), 'error');
    } finally {
      setSwapping(false);
    }
  };
  const drag = useDragSwap((draggedId, targetId) => void swap(draggedId, targetId), !readOnly && !swapping);

  const activate = async (item: ParticipantListItem) => {
    const name = fullName(item);
    setActivating(item.id);
    try {
      await actions.activate(item.id);
      snackbar(t`${name} is confirmed now.`);
    } catch (e) {
      toast(errorMessage(e), 'error');
    } finally {
      setActivating(null);
    }
  };

  const confirmedActions = (item: ParticipantListItem): RowMenuAction[] => {
    const index = confirmed.findIndex((p) => p.id === item.id);
    const previous = confirmed[index - 1];
    const next = confirmed[index + 1];
    const base: RowMenuAction[] = [{ key: 'edit', label: readOnly ? <Trans>Show details</Trans> : <Trans>Edit</Trans>, href: `/participants/${item.id}` }];
    if (readOnly) return base;
    return [
      ...base,
      { key: 'up', label: <Trans>Move up</Trans>, disabled: !previous || swapping, onSelect: () => previous && void swap(item.id, previous.id, item.id) },
      { key: 'down', label: <Trans>Move down</Trans>, disabled: !next || swapping, onSelect: () => next && void swap(item.id, next.id, item.id) },
      { key: 'swap', label: <Trans>Swap with…</Trans>, disabled: confirmed.length < 2 || swapping, onSelect: () => setToSwap(item) },
      { key: 'delete', label: <Trans>Delete…</Trans>, danger: true, separated: true, onSelect: () => setToDelete(item) },
    ];
  };

  const demo = dinner.runningDinnerType === 'DEMO';
  const unconfirmedActions = (item: ParticipantListItem): RowMenuAction[] => {
    const base: RowMenuAction[] = [{ key: 'edit', label: readOnly ? <Trans>Show details</Trans> : <Trans>Edit</Trans>, href: `/participants/${item.id}` }];
    if (readOnly) return base;
    return [
      ...base,
      ...(demo ? [] : [{ key: 'activate', label: <Trans>Confirm manually</Trans>, disabled: activating !== null, onSelect: () => void activate(item) }]),
      { key: 'delete', label: <Trans>Delete…</Trans>, danger: true, separated: true, onSelect: () => setToDelete(item) },
    ];
  };

  const isEmpty = list !== undefined && everyone.length === 0;
  const filter = (items: ParticipantListItem[]) => items.filter((p) => matchesSearch(p, query));
  const tableProps = { everyone, seatsNeeded: seatsNeededToHost(dinner) };

  return (
    <>
      <PageTitle sub={list && !isEmpty ? <Counts list={list} /> : <Trans>Everyone who registered or whom you added.</Trans>}>
        <Trans>Participants</Trans>
      </PageTitle>

      {!isEmpty && (
        <Toolbar
          query={query}
          onQuery={setQuery}
          searchable={!!list}
          actions={
            <>
              {!readOnly && (
                <>
                  <AddParticipantLink className="col-span-2" />
                  <Button variant="secondary" onClick={() => setImportOpen(true)} data-testid="import-open">
                    <Trans>Import</Trans>
                  </Button>
                </>
              )}
              <ExportMenu />
            </>
          }
        />
      )}

      {error ? (
        <Card>
          <RetryLine message={`${t`The participants could not be loaded.`} ${error.message}`} onRetry={() => void mutate()} />
        </Card>
      ) : !list ? (
        <ListSkeleton />
      ) : isEmpty ? (
        <EmptyState dinner={dinner} readOnly={readOnly} onImport={() => setImportOpen(true)} />
      ) : (
        <Sections
          list={list}
          query={query}
          onClearQuery={() => setQuery('')}
          filter={filter}
          swapping={swapping}
          parts={{
            participants: (rows) => <ParticipantTable caption={t`Participants`} rows={rows} actionsOf={confirmedActions} drag={readOnly ? undefined : drag} testId="participants-table" {...tableProps} />,
            waiting: (rows) => <ParticipantTable caption={t`Waiting list`} rows={rows} actionsOf={confirmedActions} drag={readOnly ? undefined : drag} testId="waiting-list-table" {...tableProps} />,
            unconfirmed: (rows) => (
              <ParticipantTable
                caption={t`Not confirmed yet`}
                rows={rows}
                actionsOf={unconfirmedActions}
                testId="unconfirmed-table"
                extra={(item) =>
                  !readOnly &&
                  !demo && (
                    <Button variant="secondary" className="mt-2 !px-3 !py-1 text-xs" disabled={activating !== null} onClick={() => void activate(item)} data-testid="confirm-manually">
                      {activating === item.id ? <Trans>Confirming…</Trans> : <Trans>Confirm manually</Trans>}
                    </Button>
                  )
                }
                {...tableProps}
              />
            ),
          }}
          demo={demo}
          readOnly={readOnly}
          mealCount={dinner.options.meals.length}
        />
      )}

      <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
      <DeleteParticipantDialog participant={toDelete} onClose={() => setToDelete(null)} />
      <SwapDialog
        participant={toSwap}
        candidates={confirmed}
        waitingIds={waitingIds}
        onClose={() => setToSwap(null)}
        onPick={(other) => {
          const chosen = toSwap;
          setToSwap(null);
          if (chosen) void swap(chosen.id, other.id, chosen.id);
        }}
      />
    </>
  );
}

function Counts({ list }: { list: ParticipantList }) {
  const waiting = list.participantsWaitingList.length;
  const confirmed = list.participants.length + waiting;
  const unconfirmed = list.unconfirmedParticipants.length;
  return (
    <span data-testid="participant-counts">
      {waiting > 0 ? (
        <Trans>
          {confirmed} confirmed, {waiting} of them on the waiting list · {unconfirmed} not confirmed yet
        </Trans>
      ) : (
        <Trans>
          {confirmed} confirmed · {unconfirmed} not confirmed yet
        </Trans>
      )}
    </span>
  );
}

function Toolbar({ query, onQuery, searchable, actions }: { query: string; onQuery: (q: string) => void; searchable: boolean; actions: ReactNode }) {
  const { t } = useLingui();
  const searchId = useId();
  return (
    <div className="mb-6 flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
      <div className="md:w-80">
        <label htmlFor={searchId} className="sr-only">
          <Trans>Search participants</Trans>
        </label>
        <div className="relative">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 fill-gray-500">
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
      <div className="grid grid-cols-2 gap-2 md:flex">{actions}</div>
    </div>
  );
}

interface SectionsProps {
  list: ParticipantList;
  query: string;
  onClearQuery: () => void;
  filter: (items: ParticipantListItem[]) => ParticipantListItem[];
  swapping: boolean;
  parts: Record<'participants' | 'waiting' | 'unconfirmed', (rows: ParticipantListItem[]) => ReactNode>;
  demo: boolean;
  readOnly: boolean;
  mealCount: number;
}

function Sections({ list, query, onClearQuery, filter, swapping, parts, demo, readOnly, mealCount }: SectionsProps) {
  const participants = filter(list.participants);
  const waiting = filter(list.participantsWaitingList);
  const unconfirmed = filter(list.unconfirmedParticipants);
  const searching = query.trim() !== '';
  const noMatch = searching && participants.length + waiting.length + unconfirmed.length === 0;
  const confirmedShown = list.participants.length;
  const waitingCount = list.participantsWaitingList.length;
  const unconfirmedCount = list.unconfirmedParticipants.length;
  const confirmedCount = confirmedShown + waitingCount;
  return (
    <div className="space-y-6" aria-busy={swapping}>
      <WaitingListPanel list={list} mealCount={mealCount} />
      {noMatch && (
        <Card testId="no-match">
          <p className="text-gray-700">
            <Trans>Nobody matches “{query}”.</Trans>
          </p>
          <Button variant="secondary" className="mt-3" onClick={onClearQuery}>
            <Trans>Clear the search</Trans>
          </Button>
        </Card>
      )}
      {!noMatch && (!searching || participants.length > 0) && (
        <Card
          testId="participants-section"
          title={<Trans>Participants ({confirmedShown})</Trans>}
        >
          {list.participants.length === 0 ? (
            <p className="text-sm text-gray-600">
              <Trans>Nobody has confirmed their registration yet.</Trans>
            </p>
          ) : (
            <>
              {!readOnly && confirmedCount > 1 && (
                <p className="mb-3 text-sm text-gray-600">
                  <span className="hidden md:inline">
                    <Trans>The order decides who waits. To swap two participants, drag one by its handle onto the other, or use the menu of a row.</Trans>
                  </span>
                  <span className="md:hidden">
                    <Trans>The order decides who waits. To swap two participants, use the menu of a row.</Trans>
                  </span>
                </p>
              )}
              {parts.participants(participants)}
            </>
          )}
        </Card>
      )}
      {!noMatch && waiting.length > 0 && (
        <Card testId="waiting-list-section" className="border-amber-300" title={<Trans>Waiting list ({waitingCount})</Trans>}>
          <p className="mb-3 text-sm text-gray-700">
            <Trans>
              They confirmed after the last complete block of teams. They move up when enough others register, or when you swap them with someone above.
            </Trans>
          </p>
          {parts.waiting(waiting)}
        </Card>
      )}
      {!noMatch && unconfirmed.length > 0 && (
        <Card testId="unconfirmed-section" title={<Trans>Not confirmed yet ({unconfirmedCount})</Trans>}>
          <p className="mb-3 text-sm text-gray-700">
            <Trans>They registered but have not clicked the link in their confirmation mail yet. Until then they are in no team and on no waiting list.</Trans>{' '}
            {demo ? (
              <span data-testid="demo-no-confirm">
                <Trans>In a demo you cannot confirm them yourself: a demo shows how participants confirm by mail. In a real running dinner you can.</Trans>
              </span>
            ) : (
              !readOnly && <Trans>If someone cannot find the mail, you can confirm them manually.</Trans>
            )}
          </p>
          {parts.unconfirmed(unconfirmed)}
        </Card>
      )}
    </div>
  );
}

function AddParticipantLink({ className }: { className?: string }) {
  return (
    <LinkButton href="/participants/new" className={className} data-testid="add-participant">
      <span aria-hidden="true">+</span>
      <Trans>Add participant</Trans>
    </LinkButton>
  );
}

function EmptyState({ dinner, readOnly, onImport }: { dinner: RunningDinner; readOnly: boolean; onImport: () => void }) {
  const closed = dinner.basicDetails.registrationType === 'CLOSED';
  return (
    <Card testId="participants-empty">
      <div className="mx-auto max-w-xl py-6 text-center">
        <p className="text-lg font-semibold text-gray-900">
          <Trans>No participants yet</Trans>
        </p>
        <p className="mt-2 text-gray-700">
          {readOnly ? (
            <Trans>Nobody registered for this running dinner.</Trans>
          ) : closed ? (
            <Trans>Registration is closed, so you add the participants yourself: one by one, or all at once from a spreadsheet.</Trans>
          ) : (
            <Trans>Share the registration link from the overview, or add people yourself: one by one, or all at once from a spreadsheet.</Trans>
          )}
        </p>
        {!readOnly && (
          <div className="mt-5 flex flex-col justify-center gap-2 sm:flex-row">
            <AddParticipantLink />
            <Button variant="secondary" onClick={onImport} data-testid="import-open">
              <Trans>Import from a file</Trans>
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-6" data-testid="participants-loading">
      <Skeleton className="h-28 w-full rounded-xl" />
      <Card>
        <div className="space-y-4">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="flex items-center gap-4">
              <Skeleton className="h-4 w-6" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-3 w-1/2" />
              </div>
              <Skeleton className="hidden h-4 w-40 md:block" />
              <Skeleton className="hidden h-4 w-20 md:block" />
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}
