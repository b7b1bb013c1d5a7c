import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef } from 'react';
import { LanguageSwitcher } from '../shared/LanguageSwitcher';
import { useStepTitles } from './wizard.nav';
import { type StepId, stepsFor, useWizard } from './wizard.store';

/** Set once the first step was shown: a page load keeps the browser's focus, a move to another step does not. */
let stepShownBefore = false;

/**
 * After a move to another step its heading takes the focus, which would otherwise fall back to the page: the heading
 * of the step, or the summary's own.
 */
function useStepFocus(step: StepId | 'summary') {
  const mainRef = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is the reason to move the focus
  useEffect(() => {
    if (stepShownBefore) mainRef.current?.querySelector<HTMLElement>('h2[tabindex="-1"]')?.focus();
    stepShownBefore = true;
  }, [step]);
  return mainRef;
}

/** Page frame of every wizard step: header with the language switcher, title, progress, then the step. */
export function WizardLayout({ step, children }: { step: StepId | 'summary'; children: ReactNode }) {
  const { t } = useLingui();
  const demo = useWizard((s) => s.demo);
  const registrationType = useWizard((s) => s.basics.registrationType);
  const titles = useStepTitles();
  const steps = stepsFor(registrationType);
  const index = step === 'summary' ? steps.length : steps.indexOf(step);
  const percent = Math.round((index / steps.length) * 100);
  const current = index + 1;
  const total = steps.length;
  const mainRef = useStepFocus(step);
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3">
          <a href="/" className="text-lg font-bold text-primary-700">
            Running Dinner
          </a>
          <LanguageSwitcher />
        </div>
      </header>
      <main ref={mainRef} className="mx-auto max-w-3xl px-4 pb-16 pt-6 sm:pt-10">
        <div className="mb-6">
          <div className={`flex flex-wrap items-center gap-2 ${step === 'summary' ? 'sr-only' : ''}`}>
            <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">
              {demo ? <Trans>Try a demo running dinner</Trans> : <Trans>Create your running dinner</Trans>}
            </h1>
            {demo && (
              <span className="rounded-full bg-secondary-100 px-2.5 py-0.5 text-xs font-semibold text-secondary-700">
                Demo
              </span>
            )}
          </div>
          {step !== 'summary' && (
            <>
              <h2
                tabIndex={-1}
                className="mt-3 text-sm font-normal text-gray-700 focus:outline-none"
                data-testid="wizard-step-heading"
              >
                <span className="font-semibold">
                  <Trans>
                    Step {current} of {total}
                  </Trans>
                </span>{' '}
                · {titles[step]}
              </h2>
              <div
                role="progressbar"
                aria-label={t`Progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="mt-2 h-2 w-full overflow-hidden rounded-full bg-primary-100"
              >
                <div
                  className="h-full rounded-full bg-primary-600 transition-[width] duration-300"
                  style={{ width: `${Math.max(percent, 3)}%` }}
                />
              </div>
              <ol className="mt-3 hidden flex-wrap gap-x-4 gap-y-1 text-xs text-gray-500 sm:flex" aria-label={t`Steps`}>
                {steps.map((s, i) => (
                  <li
                    key={s}
                    aria-current={s === step ? 'step' : undefined}
                    className={s === step ? 'font-semibold text-primary-700' : i < index ? 'text-gray-700' : ''}
                  >
                    {i < index ? '✓ ' : `${i + 1}. `}
                    {titles[s]}
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
        {children}
      </main>
    </div>
  );
}
