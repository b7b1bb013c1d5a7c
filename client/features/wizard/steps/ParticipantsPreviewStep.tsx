import { Trans, useLingui } from '@lingui/react/macro';
import { FormSection } from '../../../components/form';
import { StepForm } from '../StepForm';
import { useStep } from '../wizard.nav';
import { useWizard } from '../wizard.store';
import { MealDot } from './MealDot';
import { TEAM_SIZE } from '@server/features/events/events.schema';
import { minimumParticipantsOf } from '@domain/participants/waiting-list';

export function ParticipantsPreviewStep() {
  const { t } = useLingui();
  const meals = useWizard((s) => s.options.meals);
  const demo = useWizard((s) => s.demo);
  const { next, back } = useStep('participants-preview');
  const needed = minimumParticipantsOf(meals.length, TEAM_SIZE);
  const teams = needed / TEAM_SIZE;
  const mealCount = meals.length;

  return (
    <StepForm onSubmit={next} onBack={back}>
      <FormSection title={t`How many people do you need?`}>
        <div className="flex flex-wrap items-center gap-4 rounded-lg bg-primary-50 p-4">
          <p className="text-4xl font-bold text-primary-700">{needed}</p>
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
            <Trans>Each team cooks one course at home for its guests and is itself a guest at other tables for the other courses. At every table you meet new people.</Trans>
          </p>
          <p>
            <Trans>People register alone or together with a partner. Whoever comes alone is paired with another single person into a team of two.</Trans>
          </p>
          <p>
            <Trans>More people are welcome in steps of {needed}. Those who do not fit into a complete group wait on the waiting list and move up when someone cancels.</Trans>
          </p>
        </div>
      </FormSection>
      {demo && (
        <div className="rounded-xl border border-secondary-100 bg-secondary-100/50 p-5 text-sm text-gray-800">
          <Trans>For this demo we create 18 made-up participants, so you can try teams, routes and mails right away. Mails go only to you.</Trans>
        </div>
      )}
    </StepForm>
  );
}
