import { UNKNOWN } from '@contract/participants';
import type { RegistrationSummary } from '@contract/registration';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { useGenderLabel } from '../shared/participant/genderLabel';
import { AddressLines } from './EventInfo';
import { RefusalAlert } from './RegistrationForm';
import { formatPrice } from './registration.api';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-gray-600">{label}</dt>
      <dd className="mt-0.5 break-words text-gray-900 sm:mt-0">{children}</dd>
    </div>
  );
}

function MealSpecifics({ summary }: { summary: RegistrationSummary }) {
  const { t } = useLingui();
  const flags = [
    summary.vegetarian && t`Vegetarian`,
    summary.vegan && t`Vegan`,
    summary.lactose && t`Lactose-free`,
    summary.gluten && t`Gluten-free`,
  ].filter(Boolean);
  if (flags.length === 0 && !summary.mealSpecificsNote) return <Trans>None</Trans>;
  return (
    <>
      {flags.join(', ')}
      {summary.mealSpecificsNote && <span className="block text-gray-700">{summary.mealSpecificsNote}</span>}
    </>
  );
}

function TeamPartner({ summary }: { summary: RegistrationSummary }) {
  const partner = summary.teamPartnerName;
  if (partner) {
    const name = fullName(partner);
    return <Trans>You register together with {name}.</Trans>;
  }
  const email = summary.teamPartnerWishEmail;
  if (!email) return <Trans>We put you in a team with another participant.</Trans>;
  return registeredPartnerNote(summary) ?? <Trans>We invite {email} to register and cook with you.</Trans>;
}

/** A wished partner who is registered already is not invited: whether the two are a team depends on their wish. */
export function registeredPartnerNote(summary: RegistrationSummary): ReactNode {
  const email = <strong className="[overflow-wrap:anywhere]">{summary.teamPartnerWishEmail}</strong>;
  if (summary.teamPartnerWishStanding === 'NAMES_YOU')
    return <Trans>You join the team of {email}, who named you as their partner.</Trans>;
  if (summary.teamPartnerWishStanding === 'REGISTERED')
    return <Trans>{email} is registered already. Once they name you as their partner too, you are a fixed team.</Trans>;
  return null;
}

export interface RegistrationSummaryViewProps {
  summary: RegistrationSummary;
  /** As the form gave it (the server's summary leaves it out); UNKNOWN when not given. */
  age: number;
  /** Whether the event takes team partner wishes at all (otherwise the row is left out). */
  teamPartnerWishes: boolean;
  onEdit: () => void;
  onConfirm: () => void;
  busy: boolean;
  /** The browser is on its way to the payment page. */
  redirecting?: boolean;
  refusal?: ReactNode;
}

/** With a fee: the amount to pay, large, and what happens next. */
function TotalToPay({ total, unitPrice, count }: { total: string; unitPrice: string; count: number }) {
  return (
    <section
      className="rounded-xl border border-primary-100 bg-primary-50 p-5 sm:p-6"
      data-testid="summary-total"
      aria-labelledby="summary-total-heading"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id="summary-total-heading" className="text-base font-semibold text-gray-900">
          {count === 2 ? <Trans>Registration fee for the two of you</Trans> : <Trans>Registration fee</Trans>}
        </h3>
        <p className="text-2xl font-bold text-gray-900 tabular-nums" data-testid="summary-total-amount">
          {total}
        </p>
      </div>
      {count === 2 && (
        <p className="mt-1 text-sm text-gray-700">
          <Trans>2 × {unitPrice}: you register your team partner too.</Trans>
        </p>
      )}
      <p className="mt-3 text-sm leading-relaxed text-gray-800">
        <Trans>
          Next you pay on the secure payment page of our payment service Stripe and then come back here. Once the
          payment is through, your registration is complete: no confirmation link needed.
        </Trans>
      </p>
    </section>
  );
}

/** "Is this right?": what the registration will store, with the way back to the form and the final button. */
export function RegistrationSummaryView({
  summary,
  age,
  teamPartnerWishes,
  onEdit,
  onConfirm,
  busy,
  redirecting = false,
  refusal,
}: RegistrationSummaryViewProps) {
  const { i18n } = useLingui();
  const genderLabel = useGenderLabel();
  const seats = summary.numSeats;
  const total = summary.totalPrice && formatPrice(summary.totalPrice, i18n.locale);
  const unitPrice =
    summary.totalPrice &&
    formatPrice(
      { ...summary.totalPrice, amountCents: summary.totalPrice.amountCents / summary.participantCount },
      i18n.locale,
    );
  return (
    <div className="space-y-6" data-testid="registration-summary">
      <section className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        <dl className="divide-y divide-gray-100">
          <Row label={<Trans>Name</Trans>}>{fullName(summary)}</Row>
          <Row label={<Trans>E-mail</Trans>}>{summary.email}</Row>
          {summary.mobileNumber && <Row label={<Trans>Mobile number</Trans>}>{summary.mobileNumber}</Row>}
          <Row label={<Trans>Gender</Trans>}>{genderLabel(summary.gender)}</Row>
          <Row label={<Trans>Age</Trans>}>{age === UNKNOWN ? <Trans>Not given</Trans> : age}</Row>
          <Row label={<Trans>Address</Trans>}>
            <AddressLines address={summary} />
            {summary.addressRemarks && <span className="block text-gray-700">{summary.addressRemarks}</span>}
          </Row>
          <Row label={<Trans>Seats offered</Trans>}>
            {seats < 0 ? <Trans>Not specified</Trans> : seats}
            <span
              className={`block text-sm ${summary.canHost ? 'text-primary-800' : 'text-gray-700'}`}
              data-testid="summary-can-host"
            >
              {summary.canHost ? (
                <Trans>Enough to host a course.</Trans>
              ) : (
                <Trans>Not enough to host a course – no problem, you can take part anyway.</Trans>
              )}
            </span>
          </Row>
          <Row label={<Trans>Meal specifics</Trans>}>
            <MealSpecifics summary={summary} />
          </Row>
          {teamPartnerWishes && (
            <Row label={<Trans>Team partner</Trans>}>
              <TeamPartner summary={summary} />
            </Row>
          )}
        </dl>
      </section>
      {total && unitPrice ? (
        <TotalToPay total={total} unitPrice={unitPrice} count={summary.participantCount} />
      ) : (
        <p className="text-sm text-gray-700">
          <Trans>
            After you register we send you an e-mail with a confirmation link. Your registration only counts once you
            clicked it.
          </Trans>
        </p>
      )}
      {refusal && <RefusalAlert>{refusal}</RefusalAlert>}
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-end">
        <Button
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
          className="w-full px-6 py-3 text-base sm:w-auto"
          data-testid="summary-confirm"
        >
          {total ? (
            redirecting ? (
              <Trans>Opening the payment page…</Trans>
            ) : busy ? (
              <Trans>Preparing the payment…</Trans>
            ) : (
              <Trans>Register and pay {total}</Trans>
            )
          ) : busy ? (
            <Trans>Registering…</Trans>
          ) : (
            <Trans>Register now</Trans>
          )}
        </Button>
        <Button variant="secondary" onClick={onEdit} disabled={busy} className="w-full px-6 py-3 text-base sm:w-auto">
          <Trans>Change details</Trans>
        </Button>
      </div>
    </div>
  );
}
