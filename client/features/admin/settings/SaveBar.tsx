import { Trans } from '@lingui/react/macro';
import { Button } from '../../../components/Button';

export function SaveBar({ busy, disabled, label }: { busy: boolean; disabled?: boolean; label?: React.ReactNode }) {
  return (
    <div className="flex justify-end border-t border-gray-100 pt-4">
      <Button type="submit" disabled={busy || disabled}>
        {busy ? <Trans>Saving…</Trans> : (label ?? <Trans>Save</Trans>)}
      </Button>
    </div>
  );
}
