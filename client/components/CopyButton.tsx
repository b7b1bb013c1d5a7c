import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from './Button';

/** Copies a text to the clipboard and says so on the button for two seconds. */
export function CopyButton({ text, className = '' }: { text: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Without clipboard permission (plain http): select-and-copy the old way.
      const area = document.createElement('textarea');
      area.value = text;
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Button variant="secondary" className={className} onClick={() => void copy()}>
      <span aria-live="polite">{copied ? <Trans>Copied</Trans> : <Trans>Copy link</Trans>}</span>
    </Button>
  );
}
