import { Trans } from '@lingui/react/macro';

export function HostBadge() {
  return (
    <span
      className="rounded-full bg-secondary-100 px-2 py-0.5 text-xs font-semibold text-secondary-700"
      data-testid="self-team-host-badge"
    >
      <Trans>Host</Trans>
    </span>
  );
}
