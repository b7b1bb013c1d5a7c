import type { SelfCancellation } from '@contract/self-teams';
import { Trans } from '@lingui/react/macro';
import { useLongDate } from '../registration/EventInfo';

/**
 * The one thing a personal page says of a cancelled event: that it does not take place, with the organiser's message
 * (as the participant got it by mail). It replaces the team, route and waiting notices, which no longer hold.
 */
export function CancelledNotice({
  cancellation,
  title,
  date,
}: {
  cancellation: SelfCancellation;
  title: string;
  date: string;
}) {
  const longDate = useLongDate();
  const day = longDate(date);
  return (
    <section
      role="status"
      className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900 sm:p-6"
      data-testid="self-cancelled"
    >
      <h2 className="text-lg font-semibold text-red-800">
        <Trans>This running dinner is cancelled</Trans>
      </h2>
      <p className="mt-1 text-sm break-words">
        <Trans>
          “{title}” on {day} does not take place.
        </Trans>
      </p>
      {cancellation.message && (
        <div
          className="mt-4 rounded-lg border border-red-100 bg-white p-4 text-gray-900"
          data-testid="self-cancel-message"
        >
          <p className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
            <Trans>The organiser writes</Trans>
          </p>
          {cancellation.subject && <p className="mt-1 font-semibold break-words">{cancellation.subject}</p>}
          <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap">{cancellation.message}</p>
        </div>
      )}
    </section>
  );
}
