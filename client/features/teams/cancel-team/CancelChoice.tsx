import { Trans } from '@lingui/react/macro';
import { RadioCardGroup } from '../../../components/form';

export type Choice = 'cancel' | 'replace';

/** Cancel the team, or replace its members from the waiting list. */
export function CancelChoice({
  value,
  onChange,
  waitingCount,
  teamSize,
}: {
  value: Choice;
  onChange: (value: Choice) => void;
  waitingCount: number;
  teamSize: number;
}) {
  return (
    <RadioCardGroup<Choice>
      name="cancelChoice"
      label={<Trans>What should happen to the team?</Trans>}
      value={value}
      onChange={onChange}
      options={[
        {
          value: 'cancel',
          label: <Trans>Cancel the team</Trans>,
          description: (
            <Trans>Nobody cooks at their place; their guests see the host as cancelled in their route.</Trans>
          ),
        },
        {
          value: 'replace',
          label: <Trans>Replace from the waiting list</Trans>,
          description:
            waitingCount === 0 ? (
              <Trans>Nobody is on the waiting list at the moment.</Trans>
            ) : (
              <Trans>Pick {teamSize} waiting participants. They take over the team's meal and guests.</Trans>
            ),
        },
      ]}
    />
  );
}
