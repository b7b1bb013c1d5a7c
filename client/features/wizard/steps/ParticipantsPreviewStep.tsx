import { TEAM_SIZE } from '@contract/dinner';
import { waitingListStatus } from '@domain/participants/waiting-list';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormSection } from '../../../components/form';
import { StepForm } from '../StepForm';
import { useStep } from '../wizard.nav';
import { useWizard } from '../wizard.store';
import { MealDot } from './MealDot';

export function ParticipantsPreviewStep() {
  const { t } = useLingui();
  const meals = useWizard((s) => s.options.meals);
  const demo = useWizard((s) => s.demo);
  const { next, back } = useStep('participants-preview');
  const mealCount = meals.length;
  // With nobody confirmed yet, the waiting-list rule says how many make the first round and how many each next block.
  const { minimumParticipants: minimum, blockSize } = waitingListStatus(0, mealCount, TEAM_SIZE);
  const teams = minimum / TEAM_SIZE;

  return (
    <StepForm onSubmit={next} onBack={back}>
      <FormSection title={t`How many people do you need?`}>
        <div className="flex flex-wrap items-center gap-4 rounded-lg bg-primary-50 p-4">
          <p className="text-4xl font-bold text-primary-700">{minimum}</p>
          <p className="min-w-0 flex-1 text-sm text-gray-800">
            <Trans>
              participants make a complete dinner with {mealCount} courses: {teams} teams of two.
            </Trans>
          </p>
        </div>
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-gray-700" aria-label={t`Courses`}>
          {meals.map((meal, i) => (
            <li key={i} className="flex items-center gap-2">
              <MealDot index={i} />
              {meal.label} · {meal.time}
            </li>
          ))}
        </ul>
        <div className="space-y-3 text-sm leading-6 text-gray-700">
          <p>
            <Trans>
              Each team cooks one course at home for its guests and is itself a guest at other tables for the other
              courses. At every table you meet new people.
            </Trans>
          </p>
          <p>
            <Trans>
              People register alone or together with a partner. Whoever comes alone is paired with another single person
              into a team of two.
            </Trans>
          </p>
          <p>
            <Trans>
              Beyond the first {minimum} participants, teams are made in blocks of {blockSize} people, in the order of
              the list. Whoever comes after the last complete block waits.
            </Trans>
          </p>
        </div>
      </FormSection>
      {demo && (
        <div className="rounded-xl border border-secondary-100 bg-secondary-100/50 p-5 text-sm text-gray-800">
          <Trans>
            For this demo we create 18 made-up participants, so you can try teams and routes right away. Their e-mail
            addresses are made up, so no mail reaches them.
          </Trans>
        </div>
      )}
    </StepForm>
  );
}
