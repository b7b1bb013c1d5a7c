import { DialogTitle } from '@headlessui/react';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';

/** What the route map shows and how to use it. */
export function RoutesHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} className="max-h-[90vh] max-w-lg overflow-y-auto p-6" testId="routes-help">
      <DialogTitle className="text-lg font-semibold text-gray-900">
        <Trans>How the route map works</Trans>
      </DialogTitle>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-relaxed text-gray-700">
        <li>
          <Trans>
            Every marker is a team's home, where it cooks; the number is the team's. Its colour is the meal the team
            cooks.
          </Trans>
        </li>
        <li>
          <Trans>
            The lines are the team connection paths: the ways each team goes from meal to meal, in the colour of the
            team's own meal.
          </Trans>
        </li>
        <li>
          <Trans>
            "Ways shown" picks one step of the evening, for example from the starter to the main course; the markers of
            the other meals are hidden.
          </Trans>
        </li>
        <li>
          <Trans>
            "Colour by cluster" gives each group of teams that meet, directly or through others, a colour of its own.
          </Trans>
        </li>
        <li>
          <Trans>Teams that cook at the same address are drawn slightly apart so that every marker can be seen.</Trans>
        </li>
        <li>
          <Trans>
            Click a marker to find the team in the list; click a team in the list to see its route on the map.
          </Trans>
        </li>
        <li>
          <Trans>
            Distances are straight lines between the homes, not the ways on the streets. "Nearby hosts" lists hosts who
            live close together or at the same address.
          </Trans>
        </li>
        <li>
          <Trans>
            An address whose position is not known is listed above the tabs. Set its position by hand: click on the map
            or drag the marker, then save.
          </Trans>
        </li>
        <li>
          <Trans>
            "Shorter routes" looks for routes with less way in total, in a few seconds: who visits whom may change, the
            teams and their homes do not, no two teams meet twice, and the longest single way does not grow. You see
            every changed route before you save it.
          </Trans>
        </li>
      </ul>
      <div className="mt-5 flex justify-end">
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </Modal>
  );
}
