import type { RunningDinner } from '@contract/dinner';
import { Trans } from '@lingui/react/macro';
import { PageTitle } from '../../components/PageTitle';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { AfterPartyForm } from './settings/AfterPartyForm';
import { BasicsForm } from './settings/BasicsForm';
import { DangerZone } from './settings/DangerZone';
import { DeleteNow } from './settings/DeleteNow';
import { MealTimesForm } from './settings/MealTimesForm';
import { PublicSettingsForm, RegistrationSwitch } from './settings/PublicSettingsForm';
import { useUnsavedSections } from './settings/unsavedSections';

/** While a section holds unsaved input: named at the top, and leaving the page asks first. */
function UnsavedNote() {
  const unsaved = useUnsavedSections((s) => s.sections).join(', ');
  const guard = useUnsavedChangesGuard(
    unsaved !== '',
    <Trans>Not saved yet: {unsaved}. If you leave now, these changes are lost.</Trans>,
  );
  return (
    <>
      {unsaved !== '' && (
        <p
          role="status"
          className="sticky top-2 z-10 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-950 shadow-sm"
          data-testid="settings-unsaved"
        >
          <Trans>Not saved yet: {unsaved}. Each section is saved with its own button.</Trans>
        </p>
      )}
      {guard}
    </>
  );
}

export function SettingsPage({ dinner }: { dinner: RunningDinner }) {
  const readOnly = dinner.readOnlyReason !== null;
  const closed = dinner.basicDetails.registrationType === 'CLOSED';
  // A form starts over when the server's copy of its own part changes (a new date also moves the meals),
  // but keeps unsaved input when another form is saved.
  const key = (...parts: unknown[]) => JSON.stringify([...parts, dinner.readOnlyReason]);
  return (
    <div className="max-w-3xl">
      <PageTitle
        sub={
          readOnly ? (
            <Trans>Read-only: nothing can be changed any more.</Trans>
          ) : (
            <Trans>Changes take effect as soon as you save them.</Trans>
          )
        }
      >
        <Trans>Event settings</Trans>
      </PageTitle>
      <div className="space-y-6">
        <UnsavedNote />
        <BasicsForm
          key={key(dinner.basicDetails, dinner.options.teamPartnerWishDisabled)}
          dinner={dinner}
          readOnly={readOnly}
        />
        <MealTimesForm key={key(dinner.options.meals)} dinner={dinner} readOnly={readOnly} />
        {!closed && <RegistrationSwitch dinner={dinner} readOnly={readOnly} />}
        {!closed && (
          <PublicSettingsForm
            key={key({ ...dinner.publicSettings, registrationDeactivated: undefined })}
            dinner={dinner}
            readOnly={readOnly}
          />
        )}
        <AfterPartyForm key={key(dinner.afterPartyLocation)} dinner={dinner} readOnly={readOnly} />
        <DangerZone dinner={dinner} />
        <DeleteNow dinner={dinner} />
      </div>
    </div>
  );
}
