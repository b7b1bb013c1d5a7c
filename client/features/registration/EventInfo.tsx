import type { PublicMeal, PublicRunningDinner } from '@contract/registration';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatDate, formatEveningTime, formatLongDate, formatTime } from '../../components/dateFormat';
import { MealList } from '../shared/MealList';
import { daysUntil, formatPrice } from './registration.api';

/** "Saturday, December 24, 2026": the weekday helps people who plan by week. */
export function useLongDate() {
  const { i18n } = useLingui();
  return (localDate: string) => formatLongDate(localDate, i18n.locale);
}

/** The courses with their times, each in its fixed meal colour (the organiser's list; public meals have no id). */
export function MealSchedule({ meals }: { meals: PublicMeal[] }) {
  return <MealList meals={meals.map((meal, i) => ({ id: String(i), ...meal }))} />;
}

/** Street and number, then zip and city, each on a line of its own. */
export function AddressLines({
  address,
}: {
  address: { street: string; streetNr: string; zip: string; cityName: string };
}) {
  return (
    <>
      <span className="block">
        {address.street} {address.streetNr}
      </span>
      <span className="block">
        {address.zip} {address.cityName}
      </span>
    </>
  );
}

function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="py-3 first:pt-0 last:pb-0" data-testid={testId}>
      <dt className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-gray-900">{children}</dd>
    </div>
  );
}

/** "Still 12 days to register" / "Registration ends tomorrow" / "… today". */
function RegistrationCountdown({ endOfRegistrationDate }: { endOfRegistrationDate: string }) {
  const days = daysUntil(endOfRegistrationDate);
  const until = formatDate(endOfRegistrationDate);
  if (days <= 0) return <Trans>Registration ends today</Trans>;
  if (days === 1) return <Trans>Registration ends tomorrow ({until})</Trans>;
  return (
    <Trans>
      Still {days} days to register (until {until})
    </Trans>
  );
}

/** The key facts beside (wide screens) or above (phones) the description: when, where, deadline, price, contact. */
export function EventFacts({ dinner, registrationLink }: { dinner: PublicRunningDinner; registrationLink: boolean }) {
  const { i18n } = useLingui();
  const longDate = useLongDate();
  const start = formatTime(dinner.meals[0]?.time);
  const price = dinner.price && formatPrice(dinner.price, i18n.locale);
  const zipRestrictions = dinner.zipRestrictions;
  const open = dinner.registrationState === 'OPEN';
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm" aria-labelledby="event-facts-heading">
      <h2 id="event-facts-heading" className="sr-only">
        <Trans>At a glance</Trans>
      </h2>
      <dl className="divide-y divide-gray-100">
        <Fact label={<Trans>When</Trans>}>
          {longDate(dinner.date)}
          {start && (
            <span className="block text-sm text-gray-700">
              <Trans>from {start}</Trans>
            </span>
          )}
        </Fact>
        <Fact label={<Trans>Where</Trans>}>
          {dinner.zip} {dinner.city}
          {zipRestrictions && (
            <span className="block text-sm text-gray-700" data-testid="zip-restriction">
              <Trans>Only for people living in the zip codes {zipRestrictions}</Trans>
            </span>
          )}
        </Fact>
        {open && (
          <Fact label={<Trans>Registration</Trans>} testId="registration-countdown">
            <span className="font-semibold text-primary-800">
              <RegistrationCountdown endOfRegistrationDate={dinner.endOfRegistrationDate} />
            </span>
          </Fact>
        )}
        <Fact label={<Trans>Price</Trans>} testId="event-price">
          {price ? (
            <>
              <Trans>{price} per person</Trans>
              {!dinner.teamPartnerWishDisabled && (
                <span className="block text-sm text-gray-700">
                  <Trans>Registering as a team, you pay for two.</Trans>
                </span>
              )}
            </>
          ) : (
            <Trans>Free of charge</Trans>
          )}
        </Fact>
        <Fact label={<Trans>Organiser</Trans>} testId="event-contact">
          <span className="block">{dinner.publicContactName}</span>
          <a
            href={`mailto:${dinner.publicContactEmail}`}
            className="block font-medium [overflow-wrap:anywhere] text-primary-700 underline underline-offset-2"
          >
            {dinner.publicContactEmail}
          </a>
          {dinner.publicContactMobileNumber && (
            <a
              href={`tel:${dinner.publicContactMobileNumber.replace(/[^\d+]/g, '')}`}
              className="block font-medium text-primary-700 underline underline-offset-2"
            >
              {dinner.publicContactMobileNumber}
            </a>
          )}
        </Fact>
      </dl>
      {registrationLink && (
        <a
          href="#registration"
          className="mt-5 flex justify-center rounded-lg bg-primary-700 px-4 py-2.5 font-semibold text-white hover:bg-primary-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:ring-offset-2"
        >
          <Trans>To the registration form</Trans>
        </a>
      )}
    </section>
  );
}

/** Description, courses and after-party: what the evening looks like. */
export function EventProgramme({ dinner }: { dinner: PublicRunningDinner }) {
  const party = dinner.afterPartyLocation;
  const partyTime = party && formatEveningTime(party.time, dinner.date);
  return (
    <div className="space-y-8">
      <section aria-labelledby="event-description-heading">
        <h2 id="event-description-heading" className="sr-only">
          <Trans>Description</Trans>
        </h2>
        <p className="leading-relaxed break-words whitespace-pre-line text-gray-800" data-testid="event-description">
          {dinner.description}
        </p>
      </section>
      <section aria-labelledby="event-meals-heading">
        <h2 id="event-meals-heading" className="text-lg font-semibold text-gray-900">
          <Trans>The courses</Trans>
        </h2>
        <p className="mt-1 mb-3 text-sm text-gray-600">
          <Trans>Your team cooks one course at home and is the guest of other teams for the others.</Trans>
        </p>
        <MealSchedule meals={dinner.meals} />
      </section>
      {party && (
        <section aria-labelledby="event-party-heading" data-testid="event-after-party">
          <h2 id="event-party-heading" className="text-lg font-semibold text-gray-900">
            <Trans>After-party</Trans>
          </h2>
          <div className="mt-3 rounded-lg border border-gray-200 bg-white p-4">
            <p className="font-medium break-words text-gray-900">
              {party.title} · <Trans>from {partyTime}</Trans>
            </p>
            <address className="mt-1 text-gray-700 not-italic">
              {party.addressName && <span className="block">{party.addressName}</span>}
              <AddressLines address={party} />
            </address>
            {party.addressRemarks && (
              <p className="mt-2 text-sm break-words whitespace-pre-line text-gray-600">{party.addressRemarks}</p>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
