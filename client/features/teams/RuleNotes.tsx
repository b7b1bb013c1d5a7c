import type { Participant } from '@contract/participants';
import { fullName } from '@domain/participants/names';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

// The reasons the team rules give, shown beside a choice before it is made.

/** Why a member cannot swap: the fixed partner cooks in the same team. */
export function FixedPartnerReason({ partner }: { partner: Participant }) {
  const partnerName = fullName(partner);
  return <Trans>Fixed partner of {partnerName}: the two stay together</Trans>;
}

/** Why the host of a pair registered together cannot change. */
export function RegisteredPairHostReason({ host }: { host: Participant }) {
  const hostName = fullName(host);
  return <Trans>Registered together: they cook in the kitchen of {hostName}</Trans>;
}

/** Seats a new host lacks: the team card keeps showing the shortage afterwards. */
export function SeatShortageNote({ seats, seatsNeeded }: { seats: number; seatsNeeded: number }) {
  return (
    <Trans>
      Only {seats} seats: a host seats {seatsNeeded}
    </Trans>
  );
}

/** A menu entry with a second line beneath it: a warning or the reason it is disabled. */
export function MenuLabel({
  children,
  note,
  tone,
}: {
  children: ReactNode;
  note: ReactNode;
  tone: 'warning' | 'reason';
}) {
  return (
    <>
      <span className="block">{children}</span>
      <span
        className={`block text-xs ${tone === 'warning' ? 'font-medium text-amber-800' : 'text-gray-600'}`}
        data-testid="menu-note"
      >
        {note}
      </span>
    </>
  );
}
