import { Trans } from '@lingui/react/macro';

export default function WizardArea() {
  return (
    <main className="p-8">
      <Trans>Running Dinner</Trans>
    </main>
  );
}
