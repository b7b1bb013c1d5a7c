import { type Participant, type ParticipantListItem, type TeamPartnerWish, UNKNOWN } from '@contract/participants';
import { fullName } from '@domain/participants/names';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { canHost } from './format';

type Tone = 'green' | 'amber' | 'gray' | 'red' | 'pink';
const toneClass: Record<Tone, string> = {
  green: 'bg-primary-50 text-primary-800 ring-primary-600/20',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/25',
  gray: 'bg-gray-100 text-gray-700 ring-gray-500/20',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  pink: 'bg-secondary-100 text-secondary-700 ring-secondary-600/20',
};

export function Badge({
  tone,
  children,
  testId,
  state,
}: {
  tone: Tone;
  children: ReactNode;
  testId?: string;
  state?: string;
}) {
  return (
    <span
      data-testid={testId}
      data-state={state}
      className={`inline-block max-w-full rounded-md px-2 py-0.5 text-xs font-medium [overflow-wrap:anywhere] ring-1 ring-inset ${toneClass[tone]}`}
    >
      {children}
    </span>
  );
}

/** The partner-wish state in words, with the partner's name (or the wished address, when nobody registered with it). */
export function PartnerWishBadge({
  participant,
  wish,
  everyone,
}: {
  participant: Participant;
  wish: TeamPartnerWish;
  everyone: readonly Participant[];
}) {
  const partner = everyone.find((p) => p.id === wish.partnerId);
  const partnerName = partner ? fullName(partner) || partner.email : (participant.teamPartnerWishEmail ?? '');
  const email = participant.teamPartnerWishEmail ?? '';
  const props = { testId: 'partner-wish', state: wish.state };
  switch (wish.state) {
    case 'EXISTS_SAME_TEAM_PARTNER_WISH':
      return (
        <Badge tone="green" {...props}>
          <Trans>Pair with {partnerName}</Trans>
        </Badge>
      );
    case 'EXISTS_EMPTY_TEAM_PARTNER_WISH':
      return (
        <Badge tone="amber" {...props}>
          <Trans>Wishes {partnerName}, who has no wish yet</Trans>
        </Badge>
      );
    case 'EXISTS_OTHER_TEAM_PARTNER_WISH':
      return (
        <Badge tone="red" {...props}>
          <Trans>Wishes {partnerName}, who wishes someone else</Trans>
        </Badge>
      );
    case 'NOT_EXISTING':
      return (
        <Badge tone="amber" {...props}>
          <Trans>Wishes {email}, not registered</Trans>
        </Badge>
      );
    case 'NO_PARTNER_WISH_BUT_OTHER_TEAM_PARTNER_WISHES':
      return (
        <Badge tone="gray" {...props}>
          <Trans>Wished by {partnerName}</Trans>
        </Badge>
      );
  }
}

/** Both registered with one form: they form a team and are never split. */
export function RegisteredTogetherBadge({
  participant,
  everyone,
}: {
  participant: Participant;
  everyone: readonly Participant[];
}) {
  const originator = participant.teamPartnerWishOriginatorId;
  if (!originator) return null;
  const partner = everyone.find((p) => p.id !== participant.id && p.teamPartnerWishOriginatorId === originator);
  const partnerName = partner ? fullName(partner) : '';
  return (
    <Badge tone="pink" testId="registered-together">
      {partnerName ? <Trans>Registered together with {partnerName}</Trans> : <Trans>Registered together</Trans>}
    </Badge>
  );
}

export const hasPartnerBadges = (item: ParticipantListItem) =>
  item.teamPartnerWish !== null || item.teamPartnerWishOriginatorId !== null;

export function PartnerBadges({ item, everyone }: { item: ParticipantListItem; everyone: readonly Participant[] }) {
  if (!hasPartnerBadges(item)) return null;
  return (
    <span className="flex flex-wrap gap-1">
      <RegisteredTogetherBadge participant={item} everyone={everyone} />
      {item.teamPartnerWish && <PartnerWishBadge participant={item} wish={item.teamPartnerWish} everyone={everyone} />}
    </span>
  );
}

export function Seats({ participant, seatsNeeded }: { participant: Participant; seatsNeeded: number }) {
  const seats = participant.numSeats;
  if (seats === UNKNOWN)
    return (
      <span className="text-gray-500">
        <Trans>Seats unknown</Trans>
      </span>
    );
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <span className="tabular-nums text-gray-900">
        <Trans>{seats} seats</Trans>
      </span>
      {canHost(participant, seatsNeeded) ? (
        <span className="text-xs font-medium text-primary-700">
          <Trans>can host</Trans>
        </span>
      ) : (
        <span className="text-xs text-gray-600">
          <Trans>too few to host</Trans>
        </span>
      )}
    </span>
  );
}

export const hasMealSpecifics = (p: Participant) =>
  p.vegetarian || p.vegan || p.lactose || p.gluten || p.mealSpecificsNote !== '';

/** Diets as short words (the words are the icons); the free note in full, as the organiser must read it. */
export function MealSpecifics({ participant }: { participant: Participant }) {
  type Diet = { key: string; label: ReactNode };
  const diets = (
    [
      participant.vegetarian && { key: 'vegetarian', label: <Trans>vegetarian</Trans> },
      participant.vegan && { key: 'vegan', label: <Trans>vegan</Trans> },
      participant.lactose && { key: 'lactose', label: <Trans>lactose-free</Trans> },
      participant.gluten && { key: 'gluten', label: <Trans>gluten-free</Trans> },
    ] as (Diet | false)[]
  ).filter((d): d is Diet => !!d);
  if (!hasMealSpecifics(participant)) return null;
  return (
    <span className="flex flex-wrap items-center gap-1">
      {diets.map((d) => (
        <span
          key={d.key}
          data-testid={`diet-${d.key}`}
          className="rounded bg-primary-50 px-1.5 py-0.5 text-xs font-medium text-primary-800"
        >
          {d.label}
        </span>
      ))}
      {participant.mealSpecificsNote && (
        <span className="text-xs break-words text-gray-700 italic">{participant.mealSpecificsNote}</span>
      )}
    </span>
  );
}
