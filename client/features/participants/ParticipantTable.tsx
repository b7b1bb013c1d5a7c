import type { Participant, ParticipantListItem } from '@contract/participants';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { DragGrip } from '../../components/DragGrip';
import { RowMenu, type RowMenuAction } from '../../components/RowMenu';
import { type Column, StackedTable } from '../../components/Table';
import type { DragSwap } from '../../components/useDragSwap';
import { addressLine } from './format';
import { hasMealSpecifics, hasPartnerBadges, MealSpecifics, PartnerBadges, Seats } from './ParticipantBadges';

interface ParticipantTableProps {
  caption: string;
  rows: readonly ParticipantListItem[];
  everyone: readonly Participant[];
  seatsNeeded: number;
  /** The actions of a row's menu. */
  actionsOf: (item: ParticipantListItem) => RowMenuAction[];
  /** Rows that can be dragged onto each other (confirmed participants, when the event can still change). */
  drag?: DragSwap;
  /** Something to show beside the name, e.g. the "confirm manually" button of an unconfirmed registration. */
  extra?: (item: ParticipantListItem) => ReactNode;
  testId: string;
}

// On phones every row is a small grid (number | details | menu); from md on it is a normal table row.
const cell = 'md:table-cell md:px-3 md:py-3 md:align-top';

const screenReaderOnly = (label: ReactNode) => <span className="sr-only">{label}</span>;

const columnsOf = (draggable: boolean): Column[] => [
  { label: draggable && screenReaderOnly(<Trans>Drag handle</Trans>), className: 'w-7 px-1 py-2' },
  { label: <Trans>No.</Trans>, className: 'w-12 px-3 py-2 text-right' },
  { label: <Trans>Participant</Trans>, className: 'w-[27%] px-3 py-2' },
  { label: <Trans>Address</Trans>, className: 'w-[20%] px-3 py-2' },
  { label: <Trans>Seats</Trans>, className: 'w-28 px-3 py-2' },
  { label: <Trans>Team partner and meal</Trans>, className: 'px-3 py-2' },
  { label: screenReaderOnly(<Trans>Actions</Trans>), className: 'w-14 px-3 py-2' },
];

/** The participants of one section, in number order: a table on wide screens, stacked rows on phones. */
export function ParticipantTable({ caption, rows, drag, testId, ...rowProps }: ParticipantTableProps) {
  return (
    <StackedTable caption={caption} columns={columnsOf(!!drag)} className="md:table-fixed" testId={testId}>
      {rows.map((item) => (
        <ParticipantRow key={item.id} item={item} drag={drag} {...rowProps} />
      ))}
    </StackedTable>
  );
}

type ParticipantRowProps = Pick<ParticipantTableProps, 'everyone' | 'seatsNeeded' | 'actionsOf' | 'drag' | 'extra'> & {
  item: ParticipantListItem;
};

function ParticipantRow({ item, everyone, seatsNeeded, actionsOf, drag, extra }: ParticipantRowProps) {
  const { t } = useLingui();
  const name = fullName(item) || t`(no name)`;
  const dragged = drag?.draggedId === item.id;
  const over = drag?.overId === item.id;
  return (
    <tr
      data-testid="participant-row"
      data-participant-id={item.id}
      data-number={item.participantNumber}
      {...drag?.rowProps(item.id)}
      className={`grid grid-cols-[2.25rem_minmax(0,1fr)_auto] gap-x-2 gap-y-1.5 py-3 md:table-row md:py-0 ${dragged ? 'opacity-40' : ''} ${over ? 'bg-primary-50 outline-2 -outline-offset-2 outline-primary-600 outline-dashed' : 'hover:bg-gray-50'}`}
    >
      <td className="hidden px-1 md:table-cell md:py-3 md:align-top">
        {drag && <DragHandle drag={drag} participantId={item.id} />}
      </td>
      <td
        className={`col-start-1 row-start-1 pt-0.5 text-right font-semibold tabular-nums text-gray-700 ${cell}`}
        data-testid="participant-number"
      >
        {item.participantNumber}
      </td>
      <td className={`col-start-2 row-start-1 min-w-0 ${cell}`}>
        <Link
          href={`/participants/${item.id}`}
          className="font-semibold break-words text-gray-900 underline-offset-2 hover:text-primary-700 hover:underline"
          data-testid="participant-name"
        >
          {name}
        </Link>
        {item.email && (
          <span className="block truncate text-gray-600" title={item.email}>
            {item.email}
          </span>
        )}
        {extra && <div>{extra(item)}</div>}
      </td>
      <td className={`col-start-2 col-end-4 min-w-0 text-gray-800 empty:hidden md:empty:table-cell ${cell}`}>
        {addressLine(item)}
        {item.addressRemarks && <span className="block text-xs text-gray-600">{item.addressRemarks}</span>}
      </td>
      <td className={`col-start-2 col-end-4 ${cell}`}>
        <Seats participant={item} seatsNeeded={seatsNeeded} />
      </td>
      <td className={`col-start-2 col-end-4 min-w-0 empty:hidden md:empty:table-cell ${cell}`}>
        <PartnerAndMeal item={item} everyone={everyone} />
      </td>
      <td className={`col-start-3 row-start-1 -mt-1.5 text-right md:mt-0 ${cell} md:py-2`}>
        <RowMenu label={t`Actions for ${name}`} actions={actionsOf(item)} />
      </td>
    </tr>
  );
}

function DragHandle({ drag, participantId }: { drag: DragSwap; participantId: string }) {
  const { t } = useLingui();
  return (
    <DragGrip
      {...drag.handleProps(participantId)}
      title={t`Drag onto another participant to swap places`}
      className="flex"
    />
  );
}

function PartnerAndMeal({ item, everyone }: { item: ParticipantListItem; everyone: readonly Participant[] }) {
  if (!hasPartnerBadges(item) && !hasMealSpecifics(item)) return null;
  return (
    <span className="flex flex-col gap-1.5">
      <PartnerBadges item={item} everyone={everyone} />
      <MealSpecifics participant={item} />
    </span>
  );
}
