import { type ReactNode, useState } from 'react';
import { Redirect, Route, Switch, useSearch } from 'wouter';
import { BasicsStep } from './steps/BasicsStep';
import { FinishStep } from './steps/FinishStep';
import { MealtimesStep } from './steps/MealtimesStep';
import { OptionsStep } from './steps/OptionsStep';
import { ParticipantsPreviewStep } from './steps/ParticipantsPreviewStep';
import { RegistrationSettingsStep } from './steps/RegistrationSettingsStep';
import { SummaryStep } from './steps/SummaryStep';
import { WizardLayout } from './WizardLayout';
import { DEMO_QUERY } from './wizard.nav';
import { type StepId, stepsFor, useWizard } from './wizard.store';

/**
 * The event-creation wizard under /running-dinner-wizard. Steps are path suffixes; a step whose
 * predecessors are not complete sends the user back to the start.
 */
export default function WizardArea() {
  const demoRequested = new URLSearchParams(useSearch()).get('demoDinner') === 'true';
  // Before anything subscribes: a demo link starts a demo, a plain link a normal dinner. Input of the same
  // kind survives reloads (sessionStorage); a finished wizard is only kept for its summary.
  useState(() => {
    const state = useWizard.getState();
    const onSummary = window.location.pathname.endsWith('/summary');
    if (state.demo !== demoRequested || (state.createdAdminId && !onSummary)) state.reset(demoRequested);
  });
  const createdAdminId = useWizard((s) => s.createdAdminId);
  const demoQuery = demoRequested ? DEMO_QUERY : '';

  return (
    <Switch>
      <Route path="/">
        <Guarded step="basics">
          <BasicsStep />
        </Guarded>
      </Route>
      <Route path="/options">
        <Guarded step="options">
          <OptionsStep />
        </Guarded>
      </Route>
      <Route path="/mealtimes">
        <Guarded step="mealtimes">
          <MealtimesStep />
        </Guarded>
      </Route>
      <Route path="/registration-settings">
        <Guarded step="registration-settings">
          <RegistrationSettingsStep />
        </Guarded>
      </Route>
      <Route path="/participants-preview">
        <Guarded step="participants-preview">
          <ParticipantsPreviewStep />
        </Guarded>
      </Route>
      <Route path="/finish">
        <Guarded step="finish">
          <FinishStep />
        </Guarded>
      </Route>
      <Route path="/summary">
        {createdAdminId ? (
          <WizardLayout step="summary">
            <SummaryStep adminId={createdAdminId} />
          </WizardLayout>
        ) : (
          <Redirect to={`/${demoQuery}`} replace />
        )}
      </Route>
      <Route>
        <Redirect to={`/${demoQuery}`} replace />
      </Route>
    </Switch>
  );
}

/** Renders the step only when every earlier step of this dinner is complete and the step applies to it. */
function Guarded({ step, children }: { step: StepId; children: ReactNode }) {
  const completed = useWizard((s) => s.completed);
  const registrationType = useWizard((s) => s.basics.registrationType);
  const demo = useWizard((s) => s.demo);
  const createdAdminId = useWizard((s) => s.createdAdminId);
  // Going back from the summary must not create the same dinner twice.
  if (createdAdminId) return <Redirect to={`/summary${demo ? DEMO_QUERY : ''}`} replace />;
  const steps = stepsFor(registrationType);
  const index = steps.indexOf(step);
  const ready = index >= 0 && steps.slice(0, index).every((s) => completed.includes(s));
  if (!ready) return <Redirect to={`/${demo ? DEMO_QUERY : ''}`} replace />;
  return <WizardLayout step={step}>{children}</WizardLayout>;
}
