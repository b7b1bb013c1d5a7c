import type { OptimizationPreview } from '@contract/route-optimization';
import type { SentMails } from '@contract/teams';
import { Plural, Trans } from '@lingui/react/macro';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { mealChanges } from '../optimizationModel';
import { ApplyMailsWarning } from './ApplyMailsWarning';

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
      {sentMails && <ApplyMailsWarning sentMails={sentMails} mealsChange={meals > 0} />}
    </ConfirmDialog>
  );
}
