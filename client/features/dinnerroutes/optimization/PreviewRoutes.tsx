import type { Meal } from '@contract/dinner';
import type { OptimizationPreview } from '@contract/route-optimization';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PreviewRouteRow } from './PreviewRouteRow';

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
      {/* A region that scrolls: reachable with the keyboard, so its rows can be scrolled without a mouse. */}
      <DisclosurePanel
        tabIndex={0}
        role="region"
        aria-label={t`Each team's route today and in the proposal`}
        className="max-h-[28rem] overflow-auto border-t border-gray-200 px-3 pb-2 focus-visible:outline-2 focus-visible:outline-primary-600"
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
              <PreviewRouteRow key={route.teamId} route={route} meals={meals} />
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
