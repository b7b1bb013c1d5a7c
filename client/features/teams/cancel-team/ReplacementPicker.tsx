import type { Participant } from '@contract/participants';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { ReplacementHint } from './ReplacementHint';

export function ReplacementPicker({
  waiting,
  chosen,
  onToggle,
  teamSize,
  missing,
  surplus,
}: {
  waiting: readonly Participant[];
  chosen: string[];
  onToggle: (id: string) => void;
  teamSize: number;
  missing: number;
  surplus: number;
}) {
  const { t } = useLingui();
  const waitingCount = waiting.length;
  if (waitingCount === 0)
    return (
      <p
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        data-testid="no-replacements"
      >
        <Trans>Nobody waits, so the team cannot be replaced. Cancel it, or add participants first.</Trans>
      </p>
    );
  return (
    <fieldset data-testid="replacement-picker">
      <legend className="text-sm font-medium text-gray-800">
        <Trans>Who takes over?</Trans>
      </legend>
      <ReplacementHint teamSize={teamSize} missing={missing} surplus={surplus} waitingCount={waitingCount} />
      <ul className="mt-2 max-h-64 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200">
        {waiting.map((p) => {
          const name = fullName(p) || t`(no name)`;
          return (
            <li key={p.id}>
              <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 hover:bg-gray-50">
                <input
                  type="checkbox"
                  checked={chosen.includes(p.id)}
                  onChange={() => onToggle(p.id)}
                  className="mt-0.5 size-5 shrink-0 rounded border-gray-300 accent-primary-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
                  data-testid="replacement-option"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-gray-900">{name}</span>
                  <span className="block truncate text-xs text-gray-600">{p.email}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
