import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from './ConfirmDialog';

/** A plain left click on a same-origin link that would leave the page in this tab. */
function leavingLink(e: MouseEvent): HTMLAnchorElement | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const anchor = (e.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return null;
  if (anchor.pathname === window.location.pathname && anchor.search === window.location.search) return null;
  return anchor;
}

/**
 * While `dirty`, leaving the page asks first: links inside the app open a dialog (the click is caught before
 * the router sees it), closing or reloading the tab gets the browser's own question. `message` says what is lost.
 */
export function useUnsavedChangesGuard(dirty: boolean, message: ReactNode) {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<string | null>(null);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (!dirtyRef.current) return;
      const anchor = leavingLink(e);
      if (!anchor) return;
      e.preventDefault();
      e.stopPropagation();
      setPending(anchor.pathname + anchor.search + anchor.hash);
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (dirtyRef.current) e.preventDefault();
    };
    // Capture on the document runs before React's handlers on the root, so the router never starts navigating.
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      danger
      title={<Trans>Discard your changes?</Trans>}
      confirmLabel={<Trans>Discard changes</Trans>}
      onClose={() => setPending(null)}
      onConfirm={() => {
        const target = pending;
        dirtyRef.current = false;
        setPending(null);
        if (target) navigate(`~${target}`);
      }}
    >
      <p>{message}</p>
    </ConfirmDialog>
  );
  return dialog;
}
