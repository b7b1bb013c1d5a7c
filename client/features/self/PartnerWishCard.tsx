import type { SelfHome } from '@contract/self';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { useFieldErrors } from '../../components/form';
import { ApiError, api } from '../../lib/api';
import { toast } from '../../lib/toasts';
import { EmailField } from '../shared/participant/EmailField';
import { selfCardClass } from './SelfPage';

/** Where the wish stands: a fixed team, a one-sided wish, an invitation not yet followed, or no wish. */
function PartnerState({ home }: { home: SelfHome }) {
  const partner = home.teamPartner;
  const wish = home.participant.teamPartnerWishEmail;
  const partnerName = partner?.mutual ? fullName(partner) : '';
  if (home.teamPartnerWishDisabled)
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
          You would like to cook with <strong className="[overflow-wrap:anywhere]">{wish}</strong>, who is registered
          but has not named you yet. Once you name each other, you are a fixed team.
        </Trans>
      </p>
    );
  if (wish)
    return (
      <p data-state="not-registered">
        <Trans>
          You would like to cook with <strong className="[overflow-wrap:anywhere]">{wish}</strong>. Nobody with this
          address has registered yet.
        </Trans>
      </p>
    );
  return (
    <p data-state="none">
      <Trans>You have no team partner wish: you will cook with another participant.</Trans>
    </p>
  );
}

/** What a saved wish led to: a partner who is not registered is invited now, or once the registration is confirmed. */
function useSavedMessage() {
  const { t } = useLingui();
  return (home: SelfHome) => {
    const wish = home.participant.teamPartnerWishEmail;
    if (!wish) return t`Your team partner wish is removed.`;
    if (home.teamPartner) return t`Your team partner wish is saved.`;
    return home.registration.activated
      ? t`Your wish is saved, and we have invited ${wish} by e-mail to register.`
      : t`Your wish is saved. Once you confirm your registration, we invite ${wish} by e-mail.`;
  };
}

interface WishProps {
  home: SelfHome;
  sessionPath: string;
  onSaved: (next: SelfHome) => void;
}

function WishForm({ home, sessionPath, onSaved }: WishProps) {
  const { t } = useLingui();
  const savedMessage = useSavedMessage();
  const current = home.participant.teamPartnerWishEmail ?? '';
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
      const updated = await api.put<SelfHome>(`${sessionPath}/teampartnerwish?email=${encodeURIComponent(next)}`);
      setEmail(updated.participant.teamPartnerWishEmail ?? '');
      onSaved(updated);
      // "Remove wish" disappears with the wish: the field takes the focus instead of the page.
      if (!next) inputRef.current?.focus();
      toast(savedMessage(updated), 'success');
    } catch (error) {
      // The query parameter has one meaning, whatever field name the server gives its issues.
      if (error instanceof ApiError && error.status === 406 && error.issues.length > 0)
        show(error.issues.map((issue) => ({ ...issue, field: 'email' })));
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
    <form
      noValidate
      onSubmit={submit}
      className="mt-5 space-y-4 border-t border-gray-100 pt-5"
      data-testid="self-partner-form"
    >
      <EmailField
        inputRef={inputRef}
        name="email"
        label={current ? t`Your partner's e-mail` : t`Whom would you like to cook with?`}
        hint={t`The address your partner registered with, or will register with: if nobody has registered with it yet, we invite your partner by e-mail.`}
        value={email}
        onChange={(value) => {
          setEmail(value);
          clear('email');
        }}
        error={errors.email}
      />
      {refusal && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
          data-testid="self-error"
        >
          {refusal}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          type="submit"
          disabled={busy || email.trim() === '' || email.trim().toLowerCase() === current}
          aria-busy={busy}
          className="w-full sm:w-auto"
        >
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

/** The team partner wish before the teams are made: its state, and the form while it may change. */
export function PartnerWishCard({ home, sessionPath, onSaved }: WishProps) {
  const changeable = home.teamPartnerWishChangeable && !home.teamPartnerWishDisabled;
  return (
    <section className={selfCardClass} aria-labelledby="self-partner-heading" data-testid="self-partner-card">
      <h2 id="self-partner-heading" className="text-lg font-semibold text-gray-900">
        <Trans>Team partner</Trans>
      </h2>
      <div className="mt-3 leading-relaxed text-gray-800" data-testid="self-partner-state">
        <PartnerState home={home} />
      </div>
      {changeable ? (
        <WishForm home={home} sessionPath={sessionPath} onSaved={onSaved} />
      ) : (
        !home.teamPartnerWishDisabled && (
          <p
            className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            data-testid="self-not-changeable"
          >
            {home.teamPartner?.mutual ? (
              <Trans>Your team is fixed. If something is wrong, please contact the organiser.</Trans>
            ) : (
              <Trans>
                Your wish can no longer be changed: the teams have already been made or the event is over. If something
                is wrong, please contact the organiser.
              </Trans>
            )}
          </p>
        )
      )}
    </section>
  );
}
