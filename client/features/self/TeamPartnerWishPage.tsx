import { Trans, useLingui } from '@lingui/react/macro';
import type { SelfSessionData } from '@server/features/registration/registration.schema';
import { useRef, useState, type FormEvent } from 'react';
import { useParams } from 'wouter';
import { Button } from '../../components/Button';
import { useFieldErrors } from '../../components/form';
import { fullName } from '@domain/participants/names';
import { EmailField } from '../../components/participant/EmailField';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/toasts';
import { usePageTitle } from '../landing/LandingLayout';
import { MealSchedule, useLongDate } from '../registration/EventInfo';
import { SelfData, selfCardClass as cardClass } from './SelfPage';

function EventCard({ session }: { session: SelfSessionData }) {
  const longDate = useLongDate();
  return (
    <section className={cardClass} aria-labelledby="self-event-heading">
      <p className="text-sm font-semibold text-primary-700">
        {longDate(session.date)} · {session.city}
      </p>
      <h2 id="self-event-heading" className="mt-1 text-lg font-semibold break-words text-gray-900">
        {session.title}
      </h2>
      <div className="mt-4">
        <MealSchedule meals={session.meals} />
      </div>
    </section>
  );
}

/** Where the wish stands: a fixed team, a one-sided wish, an invitation not yet followed, or no wish. */
function PartnerState({ session }: { session: SelfSessionData }) {
  const partner = session.teamPartner;
  const wish = session.participant.teamPartnerWishEmail;
  const partnerName = partner?.mutual ? fullName(partner) : '';
  if (session.teamPartnerWishDisabled)
    return (
      <p data-state="disabled">
        <Trans>This running dinner takes no team partner wishes: the organiser puts the teams together.</Trans>
      </p>
    );
  if (partner?.mutual)
    return (
      <p className="font-semibold text-primary-800" data-state="mutual">
        <Trans>You are a fixed team with {partnerName}.</Trans>
      </p>
    );
  if (partner)
    return (
      <p data-state="one-sided">
        <Trans>
          You would like to cook with <strong className="[overflow-wrap:anywhere]">{wish}</strong>, who is registered but has not named you yet. Once you name each other, you are a
          fixed team.
        </Trans>
      </p>
    );
  if (wish)
    return (
      <p data-state="not-registered">
        <Trans>
          You would like to cook with <strong className="[overflow-wrap:anywhere]">{wish}</strong>. Nobody with this address has registered yet.
        </Trans>
      </p>
    );
  return (
    <p data-state="none">
      <Trans>You have no team partner wish: you will cook with another participant.</Trans>
    </p>
  );
}

function WishForm({ session, sessionPath, onSaved }: { session: SelfSessionData; sessionPath: string; onSaved: (next: SelfSessionData) => void }) {
  const { t } = useLingui();
  const current = session.participant.teamPartnerWishEmail ?? '';
  const [email, setEmail] = useState(current);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const { errors, show, clear } = useFieldErrors();
  const inputRef = useRef<HTMLInputElement>(null);

  const save = async (next: string) => {
    setBusy(true);
    setRefusal(undefined);
    clear();
    try {
      const updated = await api.put<SelfSessionData>(`${sessionPath}/teampartnerwish?email=${encodeURIComponent(next)}`);
      setEmail(updated.participant.teamPartnerWishEmail ?? '');
      onSaved(updated);
      // "Remove wish" disappears with the wish: the field takes the focus instead of the page.
      if (!next) inputRef.current?.focus();
      toast(next ? t`Your team partner wish is saved.` : t`Your team partner wish is removed.`, 'success');
    } catch (error) {
      // The query parameter has one meaning, whatever field name the server gives its issues.
      if (error instanceof ApiError && error.status === 406 && error.issues.length > 0) show(error.issues.map((issue) => ({ ...issue, field: 'email' })));
      else setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void save(email.trim());
  };

  return (
    <form noValidate onSubmit={submit} className="mt-5 space-y-4 border-t border-gray-100 pt-5" data-testid="self-partner-form">
      <EmailField
        inputRef={inputRef}
        name="email"
        label={current ? t`Your partner's e-mail` : t`Whom would you like to cook with?`}
        hint={t`The address your partner registered with for this running dinner. Your partner must be registered already.`}
        value={email}
        onChange={(value) => {
          setEmail(value);
          clear('email');
        }}
        error={errors.email}
      />
      {refusal && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="self-error">
          {refusal}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" disabled={busy || email.trim() === '' || email.trim().toLowerCase() === current} aria-busy={busy} className="w-full sm:w-auto">
          {busy ? <Trans>Saving…</Trans> : <Trans>Save wish</Trans>}
        </Button>
        {current && (
          <Button variant="secondary" disabled={busy} onClick={() => void save('')} className="w-full sm:w-auto">
            <Trans>Remove wish</Trans>
          </Button>
        )}
      </div>
    </form>
  );
}

function WishView({ session, sessionPath, onSaved }: { session: SelfSessionData; sessionPath: string; onSaved: (next: SelfSessionData) => void }) {
  const { firstnamePart, lastname, email } = session.participant;
  const name = firstnamePart || lastname;
  const changeable = session.teamPartnerWishChangeable && !session.teamPartnerWishDisabled;
  return (
    <div className="space-y-6" data-testid="self-page">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
          <Trans>Your team partner wish</Trans>
        </h1>
        <p className="mt-2 text-gray-700">
          {changeable ? (
            <Trans>Hello {name}, here you decide whom you would like to cook with.</Trans>
          ) : (
            <Trans>Hello {name}, this is your personal page for the running dinner.</Trans>
          )}
        </p>
      </div>
      <section className={cardClass} aria-labelledby="self-partner-heading">
        <h2 id="self-partner-heading" className="text-lg font-semibold text-gray-900">
          <Trans>Team partner</Trans>
        </h2>
        <div className="mt-3 leading-relaxed text-gray-800" data-testid="self-partner-state">
          <PartnerState session={session} />
        </div>
        {changeable ? (
          <WishForm session={session} sessionPath={sessionPath} onSaved={onSaved} />
        ) : (
          !session.teamPartnerWishDisabled && (
            <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="self-not-changeable">
              {session.teamPartner?.mutual ? (
                <Trans>Your team is fixed. If something is wrong, please contact the organiser.</Trans>
              ) : (
                <Trans>Your wish can no longer be changed: the teams have already been made or the event is over. If something is wrong, please contact the organiser.</Trans>
              )}
            </p>
          )
        )}
      </section>
      <EventCard session={session} />
      <p className="text-sm break-words text-gray-600">
        <Trans>
          Registered as {firstnamePart} {lastname} ({email}).
        </Trans>
      </p>
    </div>
  );
}

/** /self/{selfAdminId}/teampartnerwish/{participantId}: the participant's personal link from the confirmation mail. */
export function TeamPartnerWishPage() {
  const { t } = useLingui();
  usePageTitle(t`Your team partner wish`);
  const { selfAdminId = '', participantId = '' } = useParams<{ selfAdminId: string; participantId: string }>();
  const sessionPath = `/self/v1/${selfAdminId}/${participantId}`;
  return (
    <SelfData<SelfSessionData> path={`${sessionPath}/sessiondata`} loadingLabel={t`Loading your registration…`}>
      {(session, mutate) => <WishView session={session} sessionPath={sessionPath} onSaved={(next) => void mutate(next, { revalidate: false })} />}
    </SelfData>
  );
}
