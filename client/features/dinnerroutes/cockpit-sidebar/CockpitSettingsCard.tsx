import type { DinnerRoutesResponse } from '@contract/dinner-routes';
import { Trans, useLingui } from '@lingui/react/macro';
import { SelectField, SwitchField } from '../../../components/form';
import {
  ALL_MEALS,
  afterPartyShown,
  type CockpitSettings,
  isLocated,
  mealFilterOptions,
  withAfterPartyExcluded,
} from '../cockpitModel';
import { cardClass } from './sidebarClasses';

/** The map's settings: which ways, paths on or off, colours by meal or by cluster, the after-party. */
export function CockpitSettingsCard({
  data,
  settings,
  onChange,
}: {
  data: DinnerRoutesResponse;
  settings: CockpitSettings;
  onChange: (settings: CockpitSettings) => void;
}) {
  const { t } = useLingui();
  const party = data.afterPartyLocation;
  const options = mealFilterOptions(data.meals.length, afterPartyShown(party, settings));
  const afterParty = t`After-party`;
  const choices = [
    { value: ALL_MEALS, label: t`All meals` },
    ...options.map((o) => ({
      value: o.id,
      label: `${data.meals[o.fromMeal].label} → ${o.toMeal === null ? afterParty : data.meals[o.toMeal].label}`,
    })),
  ];
  const partyTitle = party?.title ?? '';
  return (
    <section className={`${cardClass} space-y-4`} aria-label={t`Map settings`} data-testid="routes-settings">
      <div data-testid="ways-filter">
        <SelectField
          name="mealFilter"
          label={<Trans>Ways shown</Trans>}
          value={settings.mealFilter}
          onChange={(mealFilter) => onChange({ ...settings, mealFilter })}
          options={choices}
        />
      </div>
      <div data-testid="switch-paths">
        <SwitchField
          name="showPaths"
          label={<Trans>Team connection paths</Trans>}
          checked={settings.showPaths}
          onChange={(showPaths) => onChange({ ...settings, showPaths })}
        />
      </div>
      <div data-testid="switch-clusters">
        <SwitchField
          name="showClusters"
          label={<Trans>Colour by cluster</Trans>}
          description={<Trans>Teams that meet, directly or through others, share a colour.</Trans>}
          checked={settings.showClusters}
          onChange={(showClusters) => onChange({ ...settings, showClusters })}
        />
      </div>
      {party && (
        <div data-testid="switch-after-party">
          <SwitchField
            name="excludeAfterParty"
            label={<Trans>Exclude the after-party</Trans>}
            description={isLocated(party) ? partyTitle : <Trans>{partyTitle}: its position is not known yet</Trans>}
            checked={settings.excludeAfterParty}
            onChange={(exclude) => onChange(withAfterPartyExcluded(settings, exclude, data.meals.length, party))}
          />
        </div>
      )}
    </section>
  );
}
