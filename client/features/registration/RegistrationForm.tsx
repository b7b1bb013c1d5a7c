import type { PublicRunningDinner } from '@contract/registration';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../components/Button';
import { CheckboxField, type FieldErrors, FormSection, RadioCardGroup, TextField } from '../../components/form';
import { EmailField } from '../shared/participant/EmailField';
import { ParticipantFields, type ParticipantFieldValues } from '../shared/participant/ParticipantFields';
import { formatPrice, type PartnerChoice, type RegistrationDraft } from './registration.api';

/** A refusal that belongs to no field (e.g. the deadline passed meanwhile), shown above the buttons. */
export function RefusalAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-800"
      data-testid="registration-error"
    >
      {children}
    </div>
  );
}

/** With a fee: what this registration costs as filled in now (a partner registered together pays too). */
function FeeLine({ price, count }: { price: NonNullable<PublicRunningDinner['price']>; count: 1 | 2 }) {
  const { i18n } = useLingui();
  const total = formatPrice({ ...price, amountCents: price.amountCents * count }, i18n.locale);
  return (
    <div
      className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-lg border border-gray-200 bg-gray-50 px-4 py-3"
      data-testid="form-price"
      aria-live="polite"
    >
      <span className="text-sm font-medium text-gray-700">
        {count === 2 ? <Trans>Registration fee for the two of you</Trans> : <Trans>Registration fee</Trans>}
      </span>
      <span className="text-lg font-semibold text-gray-900 tabular-nums">{total}</span>
    </div>
  );
}

interface TeamPartnerSectionProps {
  dinner: PublicRunningDinner;
  draft: RegistrationDraft;
  change: (patch: Partial<RegistrationDraft>, field?: string) => void;
  errors: FieldErrors;
}

/** The partner registered right away: first and last name, each under the API's field name, which validation issues name. */
function PartnerNameFields({ draft, change, errors }: Omit<TeamPartnerSectionProps, 'dinner'>) {
  const { t } = useLingui();
  const names = [
    { key: 'partnerFirstname', field: 'teamPartnerWishRegistrationData.firstnamePart', label: t`Partner's first name` },
    { key: 'partnerLastname', field: 'teamPartnerWishRegistrationData.lastname', label: t`Partner's last name` },
  ] as const;
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      {names.map(({ key, field, label }) => (
        <TextField
          key={field}
          name={field}
          label={label}
          autoComplete="off"
          maxLength={255}
          value={draft[key]}
          onChange={(value) => change({ [key]: value }, field)}
          error={errors[field]}
          required
        />
      ))}
      <p className="text-sm text-gray-600 sm:col-span-2">
        <Trans>You two cook together at your address.</Trans>
      </p>
    </div>
  );
}

function TeamPartnerSection({ dinner, draft, change, errors }: TeamPartnerSectionProps) {
  const { t } = useLingui();
  const seats = dinner.seatsNeededForTeamRegistration;
  const inviter = draft.invitedBy ?? '';
  const invited = inviter !== '' && draft.teamPartnerWishEmail.trim().toLowerCase() === inviter.toLowerCase();
  return (
    <FormSection title={t`Team partner`} description={t`You cook in teams of two. Do you already know with whom?`}>
      <RadioCardGroup<PartnerChoice>
        name="partnerChoice"
        label={t`Your team partner`}
        value={draft.partnerChoice}
        onChange={(partnerChoice) => change({ partnerChoice })}
        options={[
          { value: 'none', label: t`No, I register on my own`, description: t`We match you with another participant.` },
          invited
            ? {
                value: 'email',
                label: t`Yes, with ${inviter}, who invited me`,
                description: t`${inviter} named you as their partner. With this choice you name them too, and you two are a fixed team.`,
              }
            : {
                value: 'email',
                label: t`Yes, invite my partner by e-mail`,
                description: t`Your partner gets an invitation and registers on their own. Once you both name each other, you are a fixed team.`,
              },
          {
            value: 'register',
            label: t`Yes, I register my partner right away`,
            description: t`You register as a team: that counts as two participants, and you need at least ${seats} seats to host.`,
          },
        ]}
      />
      {draft.partnerChoice === 'email' && (
        <EmailField
          name="teamPartnerWishEmail"
          label={t`Your partner's e-mail`}
          value={draft.teamPartnerWishEmail}
          onChange={(teamPartnerWishEmail) => change({ teamPartnerWishEmail }, 'teamPartnerWishEmail')}
          error={errors.teamPartnerWishEmail}
          required
        />
      )}
      {draft.partnerChoice === 'register' && <PartnerNameFields draft={draft} change={change} errors={errors} />}
    </FormSection>
  );
}

export interface RegistrationFormProps {
  dinner: PublicRunningDinner;
  draft: RegistrationDraft;
  onDraftChange: (next: RegistrationDraft) => void;
  errors: FieldErrors;
  /** Removes a field's error as the user edits it. */
  clearError: (field: string) => void;
  onSubmit: () => void;
  busy: boolean;
  /** Why the last attempt was refused, if it was not a field's fault. */
  refusal?: ReactNode;
}

/** The registration form: the participant, the team partner, the consent. Submitting leads to the summary. */
export function RegistrationForm({
  dinner,
  draft,
  onDraftChange,
  errors,
  clearError,
  onSubmit,
  busy,
  refusal,
}: RegistrationFormProps) {
  const { t } = useLingui();
  const change = (patch: Partial<RegistrationDraft>, field?: string) => {
    onDraftChange({ ...draft, ...patch });
    if (field) clearError(field);
  };
  const changeFields = (fields: ParticipantFieldValues) => {
    for (const key of Object.keys(fields) as (keyof ParticipantFieldValues)[])
      if (fields[key] !== draft.fields[key]) clearError(key);
    change({ fields });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-6"
      data-testid="registration-form"
      aria-label={t`Registration`}
    >
      <ParticipantFields value={draft.fields} onChange={changeFields} errors={errors} required="registration" />
      {!dinner.teamPartnerWishDisabled && (
        <TeamPartnerSection dinner={dinner} draft={draft} change={change} errors={errors} />
      )}
      <FormSection>
        <CheckboxField
          name="dataProcessingAcknowledged"
          required
          checked={draft.dataProcessingAcknowledged}
          onChange={(dataProcessingAcknowledged) =>
            change({ dataProcessingAcknowledged }, 'dataProcessingAcknowledged')
          }
          error={errors.dataProcessingAcknowledged}
          label={
            <Trans>
              I agree that my data is stored to organise this running dinner and passed on to the organiser and the
              teams I meet (
              <a
                href="/datenschutz"
                target="_blank"
                rel="noopener"
                className="font-medium text-primary-700 underline underline-offset-2"
              >
                privacy policy, opens in a new tab
              </a>
              ).
            </Trans>
          }
        />
        <p className="text-sm text-gray-600">
          {dinner.price ? (
            <Trans>
              Fields marked with * are required. Next you see a summary to check before you pay and register.
            </Trans>
          ) : (
            <Trans>Fields marked with * are required. Next you see a summary to check before you register.</Trans>
          )}
        </p>
      </FormSection>
      {dinner.price && (
        <FeeLine
          price={dinner.price}
          count={!dinner.teamPartnerWishDisabled && draft.partnerChoice === 'register' ? 2 : 1}
        />
      )}
      {refusal && <RefusalAlert>{refusal}</RefusalAlert>}
      <Button type="submit" disabled={busy} aria-busy={busy} className="w-full px-6 py-3 text-base sm:w-auto">
        {busy ? <Trans>Checking…</Trans> : <Trans>Continue</Trans>}
      </Button>
    </form>
  );
}
