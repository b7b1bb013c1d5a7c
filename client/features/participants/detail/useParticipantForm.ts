import type { RunningDinner } from '@contract/dinner';
import { type Participant, type ParticipantInput, validateParticipantInput } from '@contract/participants';
import { fullName } from '@domain/participants/names';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { unplacedIssues, useFieldErrors } from '../../../components/form';
import { ApiError } from '../../../lib/api';
import { snackbar, toast } from '../../../lib/toasts';
import { isReadOnly, useAdminId } from '../../admin/hooks';
import {
  emptyParticipantFieldValues,
  type ParticipantFieldValues,
  participantFieldValuesOf,
} from '../../shared/participant/ParticipantFields';
import { useParticipantActions } from '../hooks';
import { offerPath, usePartnerWishOffer } from '../PartnerWishOffer';

export interface FormValues {
  fields: ParticipantFieldValues;
  teamPartnerWishEmail: string;
  notes: string;
}

const valuesOf = (p: Participant | undefined): FormValues =>
  p
    ? { fields: participantFieldValuesOf(p), teamPartnerWishEmail: p.teamPartnerWishEmail ?? '', notes: p.notes }
    : { fields: emptyParticipantFieldValues, teamPartnerWishEmail: '', notes: '' };

/** What goes to the schema: the form's strings as they are (the schema accepts digit strings for age and seats). */
const inputOf = (v: FormValues) => ({
  ...v.fields,
  teamPartnerWishEmail: v.teamPartnerWishEmail.trim() || null,
  notes: v.notes,
});

const SHOWN_FIELDS = [...Object.keys(emptyParticipantFieldValues), 'teamPartnerWishEmail', 'notes'];

/** The participant form's values, their errors and its save: a new participant is added and opened, a known one saved. */
export function useParticipantForm(dinner: RunningDinner, participant: Participant | undefined) {
  const { t } = useLingui();
  const adminId = useAdminId();
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const { save } = useParticipantActions();
  const offerPartnerWish = usePartnerWishOffer((s) => s.offer);
  const readOnly = isReadOnly(dinner);
  const [saved, setSaved] = useState<FormValues>(() => valuesOf(participant));
  const [values, setValues] = useState<FormValues>(saved);
  const [busy, setBusy] = useState(false);
  const { errors, show, clear } = useFieldErrors();
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(saved), [values, saved]);

  const setFields = (fields: ParticipantFieldValues) => {
    for (const key of Object.keys(fields) as (keyof ParticipantFieldValues)[])
      if (fields[key] !== values.fields[key]) clear(key);
    setValues((v) => ({ ...v, fields }));
  };
  const setOwn = (key: 'teamPartnerWishEmail' | 'notes') => (value: string) => {
    clear(key);
    setValues((v) => ({ ...v, [key]: value }));
  };

  const showIssues = (issues: Parameters<typeof show>[0]) => {
    show(issues);
    const elsewhere = unplacedIssues(issues, SHOWN_FIELDS);
    toast(
      elsewhere.length > 0
        ? elsewhere.map((i) => `${i.field ?? ''} ${i.message}`.trim()).join(' · ')
        : t`Some input fields are not yet correct, please check the red marked fields`,
      'error',
    );
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || readOnly) return;
    const checked = validateParticipantInput(inputOf(values));
    if (!checked.ok) return showIssues(checked.issues);
    setBusy(true);
    try {
      const stored = await save(checked.value as ParticipantInput, participant?.id);
      const next = valuesOf(stored);
      setSaved(next);
      setValues(next);
      const name = fullName(stored);
      const wishChanged =
        stored.teamPartnerWishEmail !== null &&
        stored.teamPartnerWishEmail !== (participant?.teamPartnerWishEmail ?? null);
      if (wishChanged) {
        // Drop an answer cached by an earlier save: the dialog must show the state after this one.
        await mutate(offerPath(adminId, stored.id), undefined, { revalidate: false });
        offerPartnerWish(stored.id);
      }
      if (participant) {
        snackbar(t`Saved`);
      } else {
        snackbar(t`${name} was added.`);
        navigate(`/participants/${stored.id}`, { replace: true });
        window.scrollTo({ top: 0 });
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 406) showIssues(err.issues);
      else toast(err instanceof Error ? err.message : String(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, busy, dirty, readOnly, setFields, setOwn, submit };
}
