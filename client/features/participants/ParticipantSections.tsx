import type { RunningDinner } from '@contract/dinner';
import type { ParticipantList, ParticipantListItem } from '@contract/participants';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { useDragSwap } from '../../components/useDragSwap';
import { isReadOnly } from '../admin/hooks';
import { matchesSearch, seatsNeededToHost } from './format';
import type { ParticipantsDialog } from './ParticipantsDialogs';
import { ParticipantTable } from './ParticipantTable';
import { participantMenus } from './participantMenus';
import type { ParticipantChanges } from './useParticipantChanges';
import { WaitingListPanel } from './WaitingListPanel';

interface ParticipantSectionsProps {
  list: ParticipantList;
  everyone: readonly ParticipantListItem[];
  dinner: RunningDinner;
  query: string;
  onClearQuery: () => void;
  changes: ParticipantChanges;
  openDialog: (dialog: ParticipantsDialog) => void;
}

/** The participants, the waiting list and the unconfirmed, each in its card and filtered by the search; confirmed rows can be dragged onto each other. */
export function ParticipantSections({
  list,
  everyone,
  dinner,
  query,
  onClearQuery,
  changes,
  openDialog,
}: ParticipantSectionsProps) {
  const { t } = useLingui();
  const readOnly = isReadOnly(dinner);
  const demo = dinner.runningDinnerType === 'DEMO';
  const { confirmedActions, unconfirmedActions } = participantMenus({ readOnly, demo, changes, openDialog });
  const drag = useDragSwap(
    (draggedId, targetId) => void changes.swap(draggedId, targetId),
    !readOnly && !changes.swapping,
  );
  const filter = (items: ParticipantListItem[]) => items.filter((p) => matchesSearch(p, query));
  const participants = filter(list.participants);
  const waiting = filter(list.participantsWaitingList);
  const unconfirmed = filter(list.unconfirmedParticipants);
  const searching = query.trim() !== '';
  const noMatch = searching && participants.length + waiting.length + unconfirmed.length === 0;
  const tableProps = { everyone, seatsNeeded: seatsNeededToHost(dinner) };
  const confirmedTable = (caption: string, rows: ParticipantListItem[], testId: string) => (
    <ParticipantTable
      caption={caption}
      rows={rows}
      actionsOf={confirmedActions}
      drag={readOnly ? undefined : drag}
      testId={testId}
      {...tableProps}
    />
  );

  return (
    <div className="space-y-6" aria-busy={changes.swapping}>
      <WaitingListPanel list={list} mealCount={dinner.options.meals.length} />
      {noMatch && <NoMatch query={query} onClearQuery={onClearQuery} />}
      {!noMatch && (!searching || participants.length > 0) && (
        <ConfirmedCard list={list} readOnly={readOnly}>
          {confirmedTable(t`Participants`, participants, 'participants-table')}
        </ConfirmedCard>
      )}
      {!noMatch && waiting.length > 0 && (
        <WaitingCard waitingCount={list.participantsWaitingList.length}>
          {confirmedTable(t`Waiting list`, waiting, 'waiting-list-table')}
        </WaitingCard>
      )}
      {!noMatch && unconfirmed.length > 0 && (
        <UnconfirmedCard unconfirmedCount={list.unconfirmedParticipants.length} demo={demo} readOnly={readOnly}>
          <ParticipantTable
            caption={t`Not confirmed yet`}
            rows={unconfirmed}
            actionsOf={unconfirmedActions}
            testId="unconfirmed-table"
            extra={(item) => !readOnly && !demo && <ConfirmManuallyButton item={item} changes={changes} />}
            {...tableProps}
          />
        </UnconfirmedCard>
      )}
    </div>
  );
}

function NoMatch({ query, onClearQuery }: { query: string; onClearQuery: () => void }) {
  return (
    <Card testId="no-match">
      <p className="text-gray-700">
        <Trans>Nobody matches “{query}”.</Trans>
      </p>
      <Button variant="secondary" className="mt-3" onClick={onClearQuery}>
        <Trans>Clear the search</Trans>
      </Button>
    </Card>
  );
}

/** The confirmed participants in the teams' blocks; the table shows those the search finds. */
function ConfirmedCard({
  list,
  readOnly,
  children,
}: {
  list: ParticipantList;
  readOnly: boolean;
  children: ReactNode;
}) {
  const confirmedShown = list.participants.length;
  const confirmedCount = confirmedShown + list.participantsWaitingList.length;
  return (
    <Card testId="participants-section" title={<Trans>Participants ({confirmedShown})</Trans>}>
      {list.participants.length === 0 ? (
        <p className="text-sm text-gray-600">
          <Trans>Nobody has confirmed their registration yet.</Trans>
        </p>
      ) : (
        <>
          {!readOnly && confirmedCount > 1 && (
            <p className="mb-3 text-sm text-gray-600">
              <span className="hidden md:inline">
                <Trans>
                  The order decides who waits. To swap two participants, drag one by its handle onto the other, or use
                  the menu of a row.
                </Trans>
              </span>
              <span className="md:hidden">
                <Trans>The order decides who waits. To swap two participants, use the menu of a row.</Trans>
              </span>
            </p>
          )}
          {children}
        </>
      )}
    </Card>
  );
}

function WaitingCard({ waitingCount, children }: { waitingCount: number; children: ReactNode }) {
  return (
    <Card
      testId="waiting-list-section"
      className="border-amber-300"
      title={<Trans>Waiting list ({waitingCount})</Trans>}
    >
      <p className="mb-3 text-sm text-gray-700">
        <Trans>
          They confirmed after the last complete block of teams. They move up when enough others register, or when you
          swap them with someone above.
        </Trans>
      </p>
      {children}
    </Card>
  );
}

function UnconfirmedCard({
  unconfirmedCount,
  demo,
  readOnly,
  children,
}: {
  unconfirmedCount: number;
  demo: boolean;
  readOnly: boolean;
  children: ReactNode;
}) {
  return (
    <Card testId="unconfirmed-section" title={<Trans>Not confirmed yet ({unconfirmedCount})</Trans>}>
      <p className="mb-3 text-sm text-gray-700">
        <Trans>
          They registered but have not clicked the link in their confirmation mail yet. Until then they are in no team
          and on no waiting list.
        </Trans>{' '}
        {demo ? (
          <span data-testid="demo-no-confirm">
            <Trans>
              In a demo you cannot confirm them yourself: a demo shows how participants confirm by mail. In a real
              running dinner you can.
            </Trans>
          </span>
        ) : (
          !readOnly && <Trans>If someone cannot find the mail, you can confirm them manually.</Trans>
        )}
      </p>
      {children}
    </Card>
  );
}

function ConfirmManuallyButton({ item, changes }: { item: ParticipantListItem; changes: ParticipantChanges }) {
  return (
    <Button
      variant="secondary"
      className="mt-2 !px-3 !py-1 text-xs"
      disabled={changes.activating}
      onClick={() => void changes.activate(item)}
      data-testid="confirm-manually"
    >
      {changes.activatingId === item.id ? <Trans>Confirming…</Trans> : <Trans>Confirm manually</Trans>}
    </Button>
  );
}
