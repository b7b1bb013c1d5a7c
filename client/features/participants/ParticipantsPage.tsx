import type { RunningDinner } from '@contract/dinner';
import type { ParticipantList } from '@contract/participants';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Card } from '../../components/Card';
import { Loaded } from '../../components/Loaded';
import { PageTitle } from '../../components/PageTitle';
import { Skeleton } from '../../components/Skeleton';
import { isReadOnly } from '../admin/hooks';
import { useLiveDinnerUpdates, useParticipants } from './hooks';
import { ParticipantSections } from './ParticipantSections';
import { type ParticipantsDialog, ParticipantsDialogs } from './ParticipantsDialogs';
import { ParticipantsEmptyState } from './ParticipantsEmptyState';
import { ParticipantsToolbar } from './ParticipantsToolbar';
import { everyoneIn } from './participantList';
import { useParticipantChanges } from './useParticipantChanges';

/** /admin/{adminId}/participants — everyone registered: the team members, the waiting list and the unconfirmed. */
export function ParticipantsPage({ dinner }: { dinner: RunningDinner }) {
  const { t } = useLingui();
  const { data: list, error, mutate } = useParticipants();
  useLiveDinnerUpdates();
  const readOnly = isReadOnly(dinner);
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<ParticipantsDialog>(null);
  const changes = useParticipantChanges(list);
  const everyone = useMemo(() => everyoneIn(list), [list]);
  const waitingIds = useMemo(() => new Set(list?.participantsWaitingList.map((p) => p.id)), [list]);
  const isEmpty = list !== undefined && everyone.length === 0;
  const openImport = () => setDialog({ kind: 'import' });

  return (
    <>
      <PageTitle
        sub={list && !isEmpty ? <Counts list={list} /> : <Trans>Everyone who registered or whom you added.</Trans>}
      >
        <Trans>Participants</Trans>
      </PageTitle>

      {!isEmpty && (
        <ParticipantsToolbar
          query={query}
          onQuery={setQuery}
          searchable={!!list}
          readOnly={readOnly}
          onImport={openImport}
        />
      )}

      <Loaded
        data={list}
        error={error}
        failure={(e) => `${t`The participants could not be loaded.`} ${e.message}`}
        onRetry={() => void mutate()}
        frame="card"
        loading={<ListSkeleton />}
        empty={isEmpty && <ParticipantsEmptyState dinner={dinner} readOnly={readOnly} onImport={openImport} />}
      >
        {(loaded) => (
          <ParticipantSections
            list={loaded}
            everyone={everyone}
            dinner={dinner}
            query={query}
            onClearQuery={() => setQuery('')}
            changes={changes}
            openDialog={setDialog}
          />
        )}
      </Loaded>

      <ParticipantsDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        confirmed={changes.confirmed}
        waitingIds={waitingIds}
        onSwap={(chosen, other) => void changes.swap(chosen.id, other.id, chosen.id)}
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
