import { DEFAULT_MEAL_TIMES } from '@domain/events/dinner';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CtaButtons, LOST_LINK_URL, usePageTitle } from './LandingLayout';

function Feature({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h3 className="font-semibold text-gray-900">{title}</h3>
      <p className="mt-1 text-gray-700">{children}</p>
    </li>
  );
}

function MealStep({
  colour,
  time,
  title,
  children,
}: {
  colour: string;
  time: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className={`rounded-xl border-l-4 bg-white p-5 shadow-sm ${colour}`}>
      <p className="text-sm font-semibold tabular-nums text-gray-600">{time}</p>
      <p className="mt-1 text-lg font-semibold text-gray-900">{title}</p>
      <p className="mt-1 text-gray-700">{children}</p>
    </li>
  );
}

export function HomePage() {
  const { t } = useLingui();
  usePageTitle(t`Running Dinner – organise your running dinner for free`);
  return (
    <>
      <section className="bg-gradient-to-b from-primary-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <p className="inline-block rounded-full bg-secondary-100 px-3 py-1 text-sm font-semibold text-secondary-700">
            <Trans>Free and without ads</Trans>
          </p>
          <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl">
            <Trans>Three courses, three kitchens, many new people.</Trans>
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-gray-700">
            <Trans>
              At a running dinner, teams of two cook one course at home and are guests of two other teams for the other
              courses. You meet new people at every table – and this website does the planning for you.
            </Trans>
          </p>
          <CtaButtons className="mt-8" />
          <p className="mt-4 text-sm text-gray-600">
            <Trans>The demo has 18 made-up participants, so you can try everything without inviting anyone.</Trans>
          </p>
          <p className="mt-2 text-sm text-gray-600">
            <Link
              href={LOST_LINK_URL}
              className="font-semibold text-primary-700 underline underline-offset-2"
              data-testid="home-lost-link"
            >
              <Trans>Lost the link to your running dinner?</Trans>
            </Link>{' '}
            <Trans>We mail it to you again.</Trans>
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="text-2xl font-bold text-gray-900 sm:text-3xl">
          <Trans>How an evening goes</Trans>
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          <MealStep colour="border-meal-appetizer" time={DEFAULT_MEAL_TIMES[0]} title={<Trans>Appetizer</Trans>}>
            <Trans>Your team cooks the appetizer – or you are a guest in another kitchen.</Trans>
          </MealStep>
          <MealStep colour="border-meal-main" time={DEFAULT_MEAL_TIMES[1]} title={<Trans>Main course</Trans>}>
            <Trans>On to the next address: new hosts, new guests, new conversations.</Trans>
          </MealStep>
          <MealStep colour="border-meal-dessert" time={DEFAULT_MEAL_TIMES[2]} title={<Trans>Dessert</Trans>}>
            <Trans>The last course – and afterwards, if you like, everyone meets at the after-party.</Trans>
          </MealStep>
        </ol>
        <p className="mt-6">
          <Link
            href="/running-dinner-veranstalten-teilnehmen"
            className="font-semibold text-primary-700 underline underline-offset-2"
          >
            <Trans>Read more about how it works</Trans>
          </Link>
        </p>
      </section>

      <section className="bg-gray-50">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 md:grid-cols-2">
          <div>
            <h2 className="text-2xl font-bold text-gray-900">
              <Trans>For organisers</Trans>
            </h2>
            <p className="mt-3 text-gray-700">
              <Trans>
                Whether student council, parish or neighbourhood: you create the event in a few minutes, and the app
                takes care of registration, teams and routes.
              </Trans>
            </p>
            <ul className="mt-5 space-y-3">
              <Feature title={<Trans>Registration</Trans>}>
                <Trans>Public, with a secret link, or you add the participants yourself.</Trans>
              </Feature>
              <Feature title={<Trans>Teams and routes</Trans>}>
                <Trans>
                  Teams are formed with one click, and their dinner routes are planned so that no two teams meet twice.
                </Trans>
              </Feature>
              <Feature title={<Trans>Mails</Trans>}>
                <Trans>
                  Registration, confirmation and partner invitation mails go out by themselves. Teams and routes go to
                  all participants in one message, and you watch it go out live.
                </Trans>
              </Feature>
            </ul>
            <Link
              href="/create-running-dinner"
              className="mt-5 inline-block font-semibold text-primary-700 underline underline-offset-2"
            >
              <Trans>Everything for organisers</Trans>
            </Link>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-gray-900">
              <Trans>For participants</Trans>
            </h2>
            <p className="mt-3 text-gray-700">
              <Trans>
                Find a running dinner near you, register with your partner or alone, and you will get a team.
              </Trans>
            </p>
            <ul className="mt-5 space-y-3">
              <Feature title={<Trans>No account needed</Trans>}>
                <Trans>You register with your name and address, and confirm with one click in the mail.</Trans>
              </Feature>
              <Feature title={<Trans>Your personal link</Trans>}>
                <Trans>
                  Your registration mail brings a link where you name your team partner. Your team and your dinner route
                  reach your phone that way too.
                </Trans>
              </Feature>
            </ul>
            <Link
              href="/running-dinner-events"
              className="mt-5 inline-block font-semibold text-primary-700 underline underline-offset-2"
            >
              <Trans>Find a running dinner</Trans>
            </Link>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14">
        <div className="rounded-2xl border border-secondary-100 bg-white p-6 shadow-sm sm:p-10">
          <h2 className="text-2xl font-bold text-gray-900">
            <Trans>Free, without ads – thanks to donations</Trans>
          </h2>
          <p className="mt-3 max-w-3xl text-gray-700">
            <Trans>
              Running Dinner costs you nothing and shows no advertising. Servers and development are paid for by
              donations. If your event was a success, we are happy about a small contribution.
            </Trans>
          </p>
          <Link
            href="/impressum"
            className="mt-5 inline-block font-semibold text-secondary-700 underline underline-offset-2"
          >
            <Trans>How to donate</Trans>
          </Link>
        </div>
      </section>
    </>
  );
}
