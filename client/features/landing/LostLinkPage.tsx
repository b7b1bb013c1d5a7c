import type { LinkRecoveryAnswer } from '@contract/recovery';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { useFieldErrors } from '../../components/form';
import { ApiError, api } from '../../lib/api';
import { EmailField } from '../shared/participant/EmailField';
import { ContentPage, usePageTitle } from './LandingLayout';

/**
 * "Lost your link?": the links of every running dinner an address organises or takes part in, mailed to it. The page
 * says the same whatever the address, as the server answers the same.
 */
export function LostLinkPage() {
  const { t } = useLingui();
  usePageTitle(t`Lost your link?`);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const { errors, show, clear } = useFieldErrors();
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setRefusal(undefined);
    clear();
    try {
      await api.post<LinkRecoveryAnswer>('/frontend/v1/recovery', { email: email.trim() });
      setSentTo(email.trim());
    } catch (error) {
      if (error instanceof ApiError && error.status === 406 && error.issues.length > 0)
        show(error.issues.map((issue) => ({ ...issue, field: 'email' })));
      else setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const again = () => {
    setSentTo(undefined);
    setEmail('');
    setTimeout(() => inputRef.current?.focus());
  };

  return (
    <ContentPage
      title={<Trans>Lost your link?</Trans>}
      lead={
        <Trans>
          Enter the e-mail address you created your running dinner or registered with. We send all its links to it: the
          administration of the running dinners you organise and your personal page of those you take part in.
        </Trans>
      }
    >
      {sentTo ? (
        <section
          role="status"
          className="rounded-xl border border-primary-100 bg-primary-50 p-6 shadow-sm"
          data-testid="lost-link-sent"
        >
          <h2 className="!mt-0">
            <Trans>Please look in your mailbox</Trans>
          </h2>
          <p className="mt-2">
            <Trans>
              If running dinners belong to <strong className="break-all">{sentTo}</strong>, a mail with their links is
              on its way there. It may take a few minutes; please also look in your spam folder.
            </Trans>
          </p>
          <p className="mt-2 text-sm text-gray-700">
            <Trans>
              No mail? Then this address organises no running dinner and has no confirmed registration – perhaps you
              used another one. An address gets at most a few such mails an hour.
            </Trans>
          </p>
          <Button variant="secondary" className="mt-4" onClick={again}>
            <Trans>Try another address</Trans>
          </Button>
        </section>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          className="space-y-4 rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
          data-testid="lost-link-form"
        >
          <EmailField
            inputRef={inputRef}
            name="email"
            label={t`Your e-mail address`}
            autoComplete="email"
            required
            value={email}
            onChange={(value) => {
              setEmail(value);
              clear('email');
            }}
            error={errors.email}
          />
          {refusal && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
              {refusal}
            </p>
          )}
          <Button type="submit" disabled={busy} aria-busy={busy} className="w-full px-6 py-3 text-base sm:w-auto">
            <Trans>Send me my links</Trans>
          </Button>
        </form>
      )}
    </ContentPage>
  );
}
