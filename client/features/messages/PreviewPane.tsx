import type { MessagePreview, MessageType } from '@contract/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { issueText } from '../../components/form';
import { PickDialog } from '../../components/pick/PickDialog';
import { Skeleton } from '../../components/Skeleton';
import { ApiError, errorMessage } from '../../lib/api';
import { LANGUAGE_NAMES } from '../shared/LanguageSwitcher';
import { type Draft, type Person, previewBodyOf } from './compose';
import { useMessageActions } from './hooks';

/** The preview is asked this long after the last keystroke. */
const PREVIEW_DELAY_MS = 150;

interface PreviewPaneProps {
  type: MessageType;
  draft: Draft;
  /** Who the selection reaches, in order. */
  people: readonly Person[];
  /** Why no preview can be asked yet (a text is missing or too long), or null. */
  blockedBy: ReactNode | null;
  /** The buttons below the mail: send to me, send. */
  actions: ReactNode;
}

type PreviewState =
  | { status: 'idle' }
  | { status: 'loading'; last?: MessagePreview }
  | { status: 'ready'; preview: MessagePreview }
  | { status: 'error'; message: string; last?: MessagePreview };

/** The mail exactly as the chosen recipient gets it, asked again as the organiser types, with a picker of the recipient. */
export function PreviewPane({ type, draft, people, blockedBy, actions }: PreviewPaneProps) {
  const { t } = useLingui();
  const { preview: askPreview } = useMessageActions(type);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const sequence = useRef(0);

  const index = Math.max(
    0,
    people.findIndex((p) => p.id === chosenId),
  );
  const person = people[index];
  const body = person && !blockedBy ? previewBodyOf(type, draft, person) : null;
  const bodyKey = body ? JSON.stringify(body) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again exactly when the body (by its JSON) or a retry changes
  useEffect(() => {
    if (!bodyKey) {
      sequence.current++;
      setState({ status: 'idle' });
      return;
    }
    const mine = ++sequence.current;
    setState((s) => ({
      status: 'loading',
      last: s.status === 'ready' ? s.preview : s.status !== 'idle' ? s.last : undefined,
    }));
    const timer = setTimeout(() => {
      askPreview(JSON.parse(bodyKey)).then(
        (preview) => {
          if (mine === sequence.current) setState({ status: 'ready', preview });
        },
        (e: unknown) => {
          if (mine !== sequence.current) return;
          const message =
            e instanceof ApiError && e.issues.length > 0 ? e.issues.map(issueText).join(' ') : errorMessage(e);
          setState((s) => ({ status: 'error', message, last: s.status === 'loading' ? s.last : undefined }));
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [bodyKey, attempt]);

  const shown = state.status === 'ready' ? state.preview : state.status === 'idle' ? undefined : state.last;
  const mail =
    shown && person
      ? (shown.previewMessageList.find((m) => m.participantId === person.id) ?? shown.previewMessageList[0])
      : undefined;
  const step = (by: number) => setChosenId(people[(index + by + people.length) % people.length]!.id);

  return (
    <section
      aria-labelledby="preview-title"
      className="rounded-xl border border-gray-200 bg-white shadow-sm"
      data-testid="preview"
    >
      <div className="border-b border-gray-100 p-5 pb-4 sm:px-6">
        <div className="flex items-center justify-between gap-3">
          <h2 id="preview-title" className="text-lg font-semibold text-gray-900">
            <Trans>Preview</Trans>
          </h2>
          <span className="text-xs text-gray-600" aria-live="polite" data-testid="preview-state">
            {state.status === 'loading' && <Trans>Updating…</Trans>}
          </span>
        </div>
        {person && (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <div className="min-w-[10rem] flex-1">
              <p className="text-xs text-gray-600">
                <Trans>
                  As {index + 1} of {people.length} reads it:
                </Trans>
              </p>
              <p className="truncate text-sm font-semibold text-gray-900" data-testid="preview-person">
                {person.name || person.email}
                {person.teamNumber !== undefined && (
                  <span className="font-normal text-gray-600"> · {t`Team ${person.teamNumber}`}</span>
                )}
              </p>
            </div>
            {people.length > 1 && (
              <div className="flex shrink-0 items-center gap-1">
                <Button
                  variant="secondary"
                  className="px-2.5 py-1.5"
                  onClick={() => step(-1)}
                  aria-label={t`Previous recipient`}
                  data-testid="preview-previous"
                >
                  <span aria-hidden="true">‹</span>
                </Button>
                <Button
                  variant="secondary"
                  className="px-2.5 py-1.5"
                  onClick={() => step(1)}
                  aria-label={t`Next recipient`}
                  data-testid="preview-next"
                >
                  <span aria-hidden="true">›</span>
                </Button>
                <Button
                  variant="secondary"
                  className="px-3 py-1.5"
                  onClick={() => setPicking(true)}
                  data-testid="preview-pick"
                >
                  <Trans>Choose…</Trans>
                </Button>
              </div>
            )}
          </div>
        )}
      </div>
      <div className="p-5 sm:px-6" data-testid="preview-body">
        {!person ? (
          <p className="text-sm text-gray-600" data-testid="preview-no-recipient">
            <Trans>Choose at least one recipient to see the mail as they get it.</Trans>
          </p>
        ) : blockedBy ? (
          <p className="text-sm text-gray-600" data-testid="preview-blocked">
            {blockedBy}
          </p>
        ) : state.status === 'error' && !mail ? (
          <ErrorLine message={state.message} onRetry={() => setAttempt((n) => n + 1)} />
        ) : !mail || !shown ? (
          <div className="space-y-3" aria-hidden="true">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : (
          <div className={state.status === 'loading' ? 'opacity-70 transition-opacity' : undefined}>
            {state.status === 'error' && <ErrorLine message={state.message} onRetry={() => setAttempt((n) => n + 1)} />}
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-600">
                <Trans>To</Trans>
              </dt>
              <dd className="break-all text-gray-900" data-testid="preview-to">
                {mail.recipientEmail}
              </dd>
              <dt className="text-gray-600">
                <Trans>Language</Trans>
              </dt>
              <dd className="text-gray-900" data-testid="preview-language" lang={mail.language}>
                {LANGUAGE_NAMES[mail.language]}
              </dd>
              <dt className="text-gray-600">
                <Trans>Subject</Trans>
              </dt>
              <dd className="font-semibold break-words text-gray-900" data-testid="preview-subject">
                {mail.subject}
              </dd>
            </dl>
            <section
              className="mt-4 max-h-[32rem] overflow-y-auto rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm leading-relaxed break-words whitespace-pre-wrap text-gray-900"
              data-testid="preview-message"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
              tabIndex={0}
              aria-label={t`Text of the mail`}
            >
              {mail.message}
            </section>
          </div>
        )}
      </div>
      <div className="flex flex-col gap-2 border-t border-gray-100 p-5 sm:flex-row sm:justify-end sm:px-6">
        {actions}
      </div>
      <PickDialog
        open={picking}
        title={<Trans>Whose mail do you want to see?</Trans>}
        description={<Trans>The preview shows the mail as this recipient gets it.</Trans>}
        searchPlaceholder={t`Name or e-mail`}
        options={people.map((p) => ({
          id: p.id,
          label: p.name || p.email,
          detail: p.teamNumber !== undefined ? `${p.email} · ${t`Team ${p.teamNumber}`}` : p.email,
          searchText: `${p.email} ${p.teamNumber !== undefined ? t`Team ${p.teamNumber}` : ''}`,
        }))}
        emptyText={<Trans>Nobody matches your search.</Trans>}
        listLabel={t`Recipients`}
        testId="preview-pick-dialog"
        onPick={(id) => {
          setChosenId(id);
          setPicking(false);
        }}
        onClose={() => setPicking(false)}
      />
    </section>
  );
}

function ErrorLine({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid="preview-error"
    >
      <p>{message}</p>
      <button type="button" className="mt-1 font-semibold underline underline-offset-2" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
