import type { Meal } from '@contract/dinner';
import type { OptimizationPreview, PreviewRoute, PreviewStop } from '@contract/route-optimization';
import type { SentMails } from '@contract/teams';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDistance } from './cockpitModel';
import { formatPercent, mealChanges, proposalBound, shorterFraction } from './optimizationModel';
import { Distance, MealDot } from './routeBits';

// The finished run's proposal beside today's routes: the totals, the longest way, the routes that change, and the
// question before it is saved.

/** One figure of the proposal: before → after, with how much shorter. */
function Change({
  label,
  before,
  after,
  testId,
  shorter,
}: {
  label: ReactNode;
  before: ReactNode;
  after: ReactNode;
  testId: string;
  shorter?: ReactNode;
}) {
  return (
    <div className="col-span-2 rounded-lg bg-gray-50 p-2" data-testid={testId}>
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="flex flex-wrap items-baseline gap-x-1.5 text-gray-900">
        <span className="tabular-nums">{before}</span>
        <span aria-hidden="true">→</span>
        <span className="sr-only">
          <Trans>changes to</Trans>
        </span>
        <span className="font-semibold tabular-nums">{after}</span>
        {shorter && <span className="text-sm font-semibold text-primary-800">{shorter}</span>}
      </dd>
    </div>
  );
}

/** The totals, the longest way, the lower bound and how many routes change. */
export function PreviewFigures({ preview, withChanges }: { preview: OptimizationPreview; withChanges: boolean }) {
  const { i18n } = useLingui();
  const km = (m: number) => formatDistance(m, i18n.locale);
  const fraction = shorterFraction(preview.totalMetersBefore, preview.totalMetersAfter);
  const percent = formatPercent(fraction, i18n.locale);
  const changed = preview.changedRoutes;
  const teams = preview.routes.length;
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="optimization-figures">
      <Change
        testId="preview-total"
        label={<Trans>All ways together</Trans>}
        before={km(preview.totalMetersBefore)}
        after={km(preview.totalMetersAfter)}
        shorter={fraction > 0 ? <Trans>{percent} shorter</Trans> : undefined}
      />
      <Change
        testId="preview-longest"
        label={<Trans>Longest single way</Trans>}
        before={<Distance meters={preview.longestLegMetersBefore} />}
        after={<Distance meters={preview.longestLegMetersAfter} />}
      />
      <div className="rounded-lg bg-gray-50 p-2">
        <dt className="text-xs text-gray-600">
          <Trans>Lower bound: no plan is shorter</Trans>
        </dt>
        <dd className="font-semibold text-gray-900 tabular-nums" data-testid="preview-bound">
          {km(proposalBound(preview))}
        </dd>
      </div>
      {withChanges && (
        <div className="rounded-lg bg-gray-50 p-2">
          <dt className="text-xs text-gray-600">
            <Trans>Routes that change</Trans>
          </dt>
          <dd className="font-semibold text-gray-900 tabular-nums" data-testid="preview-changed" data-changed={changed}>
            <Trans>
              {changed} of {teams}
            </Trans>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** A route's stops as team numbers; the stops that differ from the other route are marked. */
function Stops({
  stops,
  other,
  emphasis,
}: {
  stops: readonly PreviewStop[];
  other: readonly PreviewStop[];
  emphasis: boolean;
}) {
  return (
    <span className={emphasis ? 'text-gray-900' : 'text-gray-600'}>
      {stops.map((stop, i) => {
        const differs = other[i]?.teamId !== stop.teamId;
        return (
          <span key={stop.mealId}>
            {i > 0 && ' → '}
            <span
              className={
                emphasis && differs ? 'font-semibold text-primary-800 underline decoration-2 underline-offset-2' : ''
              }
            >
              {stop.teamNumber}
            </span>
          </span>
        );
      })}
    </span>
  );
}

function RouteRow({ route, meals }: { route: PreviewRoute; meals: readonly Meal[] }) {
  const teamNumber = route.teamNumber;
  const mealBefore = meals.find((m) => m.id === route.mealIdBefore)?.label ?? '';
  const mealAfter = meals.find((m) => m.id === route.mealIdAfter)?.label ?? '';
  const mealChanged = route.mealIdBefore !== route.mealIdAfter;
  return (
    <tr
      className={`align-top ${route.changed ? '' : 'text-gray-600'}`}
      data-testid="preview-route"
      data-team-number={route.teamNumber}
      data-changed={route.changed || undefined}
      data-stops-before={route.stopsBefore.map((s) => s.teamNumber).join(' ')}
      data-stops-after={route.stopsAfter.map((s) => s.teamNumber).join(' ')}
    >
      <th scope="row" className="py-1.5 pr-2 text-left font-normal">
        <span className="flex items-center gap-1.5 whitespace-nowrap">
          <MealDot meals={meals} mealId={route.mealIdAfter} />
          <span className={route.changed ? 'font-semibold text-gray-900' : ''}>
            <Trans>Team {teamNumber}</Trans>
          </span>
        </span>
        {mealChanged && (
          <span className="mt-0.5 block text-xs text-amber-900" data-testid="preview-meal-change">
            {mealBefore} → {mealAfter}
          </span>
        )}
      </th>
      <td className="py-1.5 pr-2 text-right whitespace-nowrap tabular-nums">
        <Distance meters={route.metersBefore} />
      </td>
      <td className="py-1.5 pr-2 text-right whitespace-nowrap tabular-nums">
        <span className={route.changed ? 'font-semibold text-gray-900' : ''}>
          <Distance meters={route.metersAfter} />
        </span>
      </td>
      <td className="py-1.5 text-left tabular-nums">
        <span className="block whitespace-nowrap">
          <span className="sr-only">
            <Trans>Before:</Trans>{' '}
          </span>
          <Stops stops={route.stopsBefore} other={route.stopsAfter} emphasis={false} />
        </span>
        {route.changed && (
          <span className="block whitespace-nowrap">
            <span className="sr-only">
              <Trans>After:</Trans>{' '}
            </span>
            <Stops stops={route.stopsAfter} other={route.stopsBefore} emphasis />
          </span>
        )}
      </td>
    </tr>
  );
}

/** Every team's route before and after, the changed ones first; folded away until asked for. */
export function PreviewRoutes({ preview, meals }: { preview: OptimizationPreview; meals: readonly Meal[] }) {
  const { t } = useLingui();
  const routes = [...preview.routes].sort(
    (a, b) => Number(b.changed) - Number(a.changed) || a.teamNumber - b.teamNumber,
  );
  return (
    <Disclosure as="div" className="rounded-lg border border-gray-200">
      <DisclosureButton
        className="group flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm font-semibold text-primary-700 hover:bg-primary-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
        data-testid="preview-routes-toggle"
      >
        <Trans>The routes team by team</Trans>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4 shrink-0 fill-current transition-transform group-data-[open]:rotate-180"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </DisclosureButton>
      <DisclosurePanel
        className="max-h-[28rem] overflow-auto border-t border-gray-200 px-3 pb-2"
        data-testid="preview-routes"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{t`Each team's route today and in the proposal`}</caption>
          <thead className="sticky top-0 bg-white text-xs text-gray-600">
            <tr>
              <th scope="col" className="py-1.5 pr-2 text-left font-medium">
                <Trans>Team</Trans>
              </th>
              <th scope="col" className="py-1.5 pr-2 text-right font-medium">
                <Trans>Before</Trans>
              </th>
              <th scope="col" className="py-1.5 pr-2 text-right font-medium">
                <Trans>After</Trans>
              </th>
              <th scope="col" className="py-1.5 text-left font-medium">
                <Trans>Route</Trans>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {routes.map((route) => (
              <RouteRow key={route.teamId} route={route} meals={meals} />
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-gray-600">
          <Trans>The hosts are named by team number, in the order of the evening; the new ones are underlined.</Trans>
        </p>
      </DisclosurePanel>
    </Disclosure>
  );
}

/** What mails already sent mean for the new routes. */
function MailsWarning({ sentMails, mealsChange }: { sentMails: SentMails; mealsChange: boolean }) {
  if (sentMails.dinnerRouteMails) {
    return (
      <p
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
        data-testid="apply-mails-warning"
      >
        <Plural
          value={sentMails.dinnerRouteRecipients}
          one="# person already got their dinner route; it will be wrong. Send the dinner routes again afterwards."
          other="# people already got their dinner routes; they will be wrong. Send the dinner routes again afterwards."
        />
      </p>
    );
  }
  if (sentMails.teamMails && mealsChange) {
    return (
      <p
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
        data-testid="apply-mails-warning"
      >
        <Trans>
          The team mails were already sent and name the meal each team cooks: tell the teams whose meal changes
          afterwards.
        </Trans>
      </p>
    );
  }
  return null;
}

/** Asks before the proposal is saved, naming who gets a new route and which mails become wrong. */
export function ApplyDialog({
  open,
  preview,
  sentMails,
  onClose,
  onConfirm,
}: {
  open: boolean;
  preview: OptimizationPreview;
  sentMails: SentMails | undefined;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  const changed = preview.changedRoutes;
  const meals = mealChanges(preview);
  return (
    <ConfirmDialog
      open={open}
      title={<Trans>Save the shorter routes?</Trans>}
      confirmLabel={<Trans>Save the new routes</Trans>}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <p data-testid="apply-consequence" data-changed={changed}>
        <Plural
          value={changed}
          one="# team gets a new route: it visits other hosts, or other guests come to it."
          other="# teams get new routes: they visit other hosts, or other guests come to them."
        />{' '}
        {meals > 0 && (
          <Plural
            value={meals}
            one="# team cooks another meal than before."
            other="# teams cook another meal than before."
          />
        )}
      </p>
      <p>
        <Trans>The teams themselves stay as they are: the same members cook in the same homes.</Trans>
      </p>
      {sentMails && <MailsWarning sentMails={sentMails} mealsChange={meals > 0} />}
    </ConfirmDialog>
  );
}
