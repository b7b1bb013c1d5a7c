import type { Language } from '@contract/dinner';
import type { OrderCreated } from '@contract/orders';
import { UNKNOWN, validateRegistrationForm } from '@contract/participants';
import type { PublicRunningDinner, RegistrationSummary } from '@contract/registration';
import type { Issue } from '@domain/validation';
import { msgId } from '@domain/validation-messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { issueText, unplacedIssues, useFieldErrors } from '../../components/form';
import { ApiError, api } from '../../lib/api';
import { emptyParticipantFieldValues } from '../shared/participant/participantFieldValues';
import { PaymentReturnNote } from './PaymentReturnNote';
import { checkoutTarget, forgetRegistration, keepRegistration, returnedRegistration } from './payment';
import { RegistrationFinished } from './RegistrationFinished';
import { RegistrationForm } from './RegistrationForm';
import { RegistrationSummaryView } from './RegistrationSummaryView';
import { draftFromQuery, publicDinnerPath, registrationBody } from './registration.api';

type Step = 'form' | 'summary' | 'finished';

/** The names under which the form shows errors. */
const FORM_FIELDS = [
  ...Object.keys(emptyParticipantFieldValues),
  'teamPartnerWishEmail',
  'teamPartnerWishRegistrationData.firstnamePart',
  'teamPartnerWishRegistrationData.lastname',
  'dataProcessingAcknowledged',
];

/** The summary gets a history entry of its own, so the phone's back button returns to the form instead of leaving the page. */
function useSummaryHistory(step: Step, onBack: () => void) {
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;
  useEffect(() => {
    if (step !== 'summary') return;
    const onPop = () => onBackRef.current();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [step]);
}

export interface RegistrationFlowProps {
  dinner: PublicRunningDinner;
  /** Reloads the event: a refusal may mean its registration state changed meanwhile. */
  onRefused: () => void;
  onRegistered: () => void;
}

/** A page restored from the browser's back-forward cache (back from the payment page) is usable again at once. */
function useShownAgain(onShown: () => void) {
  const onShownRef = useRef(onShown);
  onShownRef.current = onShown;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) onShownRef.current();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}

/**
 * Form → "Is this right?" → "check your mailbox". Nothing is stored before the participant confirms the summary.
 * With a registration fee the summary's button opens an order instead and sends the browser to the payment page;
 * coming back without having paid, the form is filled in again (kept in this tab's sessionStorage, see payment.ts).
 */
export function RegistrationFlow({ dinner, onRefused, onRegistered }: RegistrationFlowProps) {
  const { i18n, t } = useLingui();
  const [step, setStep] = useState<Step>('form');
  // Read once: the form given back after the payment page, otherwise what the invitation link brings.
  const [returned] = useState(() => returnedRegistration(dinner.publicDinnerId));
  const [draft, setDraft] = useState(() => returned?.draft ?? draftFromQuery(window.location.search));
  // Said above the form until the participant goes on to the summary.
  const [returnNote, setReturnNote] = useState(returned);
  const [redirecting, setRedirecting] = useState(false);
  const [summary, setSummary] = useState<RegistrationSummary>();
  const [age, setAge] = useState(UNKNOWN);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ReactNode>();
  const { errors, show, clear } = useFieldErrors();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The step's heading takes focus after a step change, unless field errors claim it.
  const [focusHeading, setFocusHeading] = useState(false);

  const path = (suffix: string) => publicDinnerPath(dinner.publicDinnerId, suffix);
  const body = () => registrationBody(draft, dinner.teamPartnerWishDisabled, i18n.locale as Language);

  // The form was given back: the next visit of the event page starts afresh, and the form is where the eye goes.
  useEffect(() => {
    if (!returned) return;
    forgetRegistration(dinner.publicDinnerId);
    setFocusHeading(true);
  }, [returned, dinner.publicDinnerId]);

  useShownAgain(() => {
    setBusy(false);
    setRedirecting(false);
  });

  useEffect(() => {
    if (!focusHeading) return;
    setFocusHeading(false);
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: 'start' });
  }, [focusHeading]);

  const goTo = (next: Step) => {
    setRefusal(undefined);
    setStep(next);
    setFocusHeading(true);
  };
  // Issues the server found when the summary was confirmed: shown once the form is back.
  const issuesForForm = useRef<Issue[]>(undefined);
  useSummaryHistory(step, () => {
    const issues = issuesForForm.current;
    issuesForForm.current = undefined;
    if (!issues) return goTo('form');
    setStep('form');
    showIssues(issues);
  });

  /** Under their fields; an issue of a field the form does not show (should not happen) above the buttons instead. */
  const showIssues = (issues: Issue[]) => {
    show(issues);
    const unplaced = unplacedIssues(issues, FORM_FIELDS);
    setRefusal(unplaced.length > 0 ? unplaced.map(issueText).join(' ') : undefined);
  };

  /** 406: the issues go under their fields (on the form); anything else is said above the buttons. */
  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.status === 406 && error.issues.length > 0) {
      if (step !== 'summary') return showIssues(error.issues);
      issuesForForm.current = error.issues;
      window.history.back();
      return;
    }
    setRefusal(error instanceof Error ? error.message : String(error));
    // The organiser took the fee away meanwhile: the summary's button registers without paying now.
    if (error instanceof ApiError && error.code === 'no_registration_fee')
      setSummary((shown) => shown && { ...shown, totalPrice: null });
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) onRefused();
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await action();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const check = () => {
    const local = validateRegistrationForm(body());
    const missingPartnerEmail =
      !dinner.teamPartnerWishDisabled && draft.partnerChoice === 'email' && draft.teamPartnerWishEmail.trim() === ''
        ? [{ field: 'teamPartnerWishEmail', message: msgId('required') }]
        : [];
    const issues = [...(local.ok ? [] : local.issues), ...missingPartnerEmail];
    if (!local.ok || issues.length > 0) return showIssues(issues);
    const formAge = local.value.age;
    return run(async () => {
      setSummary(await api.post<RegistrationSummary>(path('/register/validate'), body()));
      setAge(formAge);
      window.history.pushState(window.history.state, '');
      setReturnNote(null);
      goTo('summary');
    });
  };

  const register = () =>
    run(async () => {
      setSummary(await api.post<RegistrationSummary>(path('/register'), body()));
      goTo('finished');
      onRegistered();
    });

  /** With a fee: the order is opened with exactly the register body, and the browser goes to pay. `register` is never called. */
  const pay = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const order = await api.post<OrderCreated>(path('/order'), body());
      const target = checkoutTarget(order.checkoutUrl);
      if (!target) throw new Error(t`The payment page could not be opened. Nothing was charged; please try again.`);
      keepRegistration(dinner.publicDinnerId, order.orderId, draft);
      setRedirecting(true);
      // The button stays busy while the browser leaves; no Referer goes along (Referrer-Policy: no-referrer).
      window.location.assign(target);
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  };

  // Leaving the summary by its button also drops its history entry (popstate leads back to the form).
  const edit = () => window.history.back();

  const heading = {
    form: <Trans>Register</Trans>,
    summary: <Trans>Is this right?</Trans>,
    finished: <Trans>Almost done: please confirm your e-mail address</Trans>,
  }[step];

  return (
    <section aria-labelledby="registration-heading" className="space-y-5">
      <h2
        id="registration-heading"
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-24 text-2xl font-bold tracking-tight text-gray-900 focus:outline-none"
      >
        {heading}
      </h2>
      {step === 'form' && returnNote && (
        <PaymentReturnNote reason={returnNote.reason} restored={returnNote.draft !== undefined} />
      )}
      {step === 'form' && (
        <RegistrationForm
          dinner={dinner}
          draft={draft}
          onDraftChange={setDraft}
          errors={errors}
          clearError={clear}
          onSubmit={() => void check()}
          busy={busy}
          refusal={refusal}
        />
      )}
      {step === 'summary' && summary && (
        <RegistrationSummaryView
          summary={summary}
          age={age}
          teamPartnerWishes={!dinner.teamPartnerWishDisabled}
          onEdit={edit}
          onConfirm={() => void (summary.totalPrice ? pay() : register())}
          busy={busy}
          redirecting={redirecting}
          refusal={refusal}
        />
      )}
      {step === 'finished' && summary && <RegistrationFinished summary={summary} dinner={dinner} />}
    </section>
  );
}
