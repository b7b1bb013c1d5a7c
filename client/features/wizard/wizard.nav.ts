import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { STEP_PATHS, type StepId, stepsFor, useWizard } from './wizard.store';

export const DEMO_QUERY = '?demoDinner=true';

/** Wizard paths carry the demo flag, so a reload of any step keeps the demo. */
export function useWizardNavigate() {
  const [, navigate] = useLocation();
  const demo = useWizard((s) => s.demo);
  return (path: string) => navigate(`${path}${demo ? DEMO_QUERY : ''}`);
}

/** Position of a step among the steps of this dinner, and the moves to its neighbours. */
export function useStep(step: StepId) {
  const registrationType = useWizard((s) => s.basics.registrationType);
  const complete = useWizard((s) => s.complete);
  const go = useWizardNavigate();
  const steps = stepsFor(registrationType);
  const index = steps.indexOf(step);
  return {
    steps,
    index,
    back: index > 0 ? () => go(STEP_PATHS[steps[index - 1]]) : undefined,
    /** Marks the step complete and moves on; the next step is read after saving (basics may change it). */
    next: () => {
      complete(step);
      const after = stepsFor(useWizard.getState().basics.registrationType);
      const following = after[after.indexOf(step) + 1];
      go(following ? STEP_PATHS[following] : '/summary');
    },
  };
}

export function useStepTitles(): Record<StepId, string> {
  const { t } = useLingui();
  return {
    basics: t`Basics`,
    options: t`Details`,
    mealtimes: t`Schedule`,
    'registration-settings': t`Public registration`,
    'participants-preview': t`Participant preview`,
    finish: t`Finish`,
  };
}
