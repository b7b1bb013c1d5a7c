import type { ParticipantUpdate } from '@contract/updates';
import { fullName } from '@domain/participants/names';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { changeText } from './changeText';

/**
 * Whom an update goes to and what it tells each of them: the people whose team or route is no longer as the mails told
 * them, a line per change.
 */
export function UpdatesList({ updates }: { updates: readonly ParticipantUpdate[] }) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="updates-heading" data-testid="updates-list">
      <h2 id="updates-heading" className="font-semibold text-gray-900">
        <Plural value={updates.length} one="# person needs an update" other="# people need an update" />
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        <Trans>
          Their team or route changed since a mail told them. Each gets what changed for them and their whole current
          evening; nobody else gets a mail.
        </Trans>
      </p>
      <ul className="mt-4 divide-y divide-gray-100 rounded-lg border border-gray-200">
        {updates.map((update) => (
          <li key={update.participantId} className="px-4 py-3" data-testid="update-entry">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium text-gray-900">{fullName(update)}</span>
              <span className="text-sm text-gray-500">
                <Trans>Team {update.teamNumber}</Trans> · {update.email}
              </span>
            </p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-gray-700">
              {update.changes.map((change) => (
                <li key={`${change.part}-${change.kind}-${change.meal ?? ''}`}>{changeText(i18n, change)}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
