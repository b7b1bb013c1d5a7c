import type { RunningDinner } from '@contract/dinner';
import type { PaymentOptions } from '@contract/payment-options';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { formatAmount } from '../../components/numberFormat';
import { PaymentOptionsForm } from './PaymentOptionsForm';

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId: string }) {
  return (
    <>
      <dt className="text-gray-600">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-gray-900" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

function ExternalLink({ href }: { href: string | null }) {
  if (!href)
    return (
      <span className="font-normal text-gray-600">
        <Trans>none</Trans>
      </span>
    );
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="break-all text-primary-700 underline underline-offset-2"
    >
      {href}
    </a>
  );
}

/** The saved fee in a few lines; the form opens on "Change". */
function FeeSummary({
  options,
  readOnly,
  onChange,
}: {
  options: PaymentOptions;
  readOnly: boolean;
  onChange: () => void;
}) {
  const { i18n } = useLingui();
  const price = formatAmount(options.pricePerRegistrationCents, options.currency, i18n.locale);
  const double = formatAmount(options.pricePerRegistrationCents * 2, options.currency, i18n.locale);
  return (
    <Card
      title={<Trans>Registration fee</Trans>}
      testId="fee-summary"
      action={
        !readOnly && (
          <Button variant="secondary" className="shrink-0 px-3 py-1.5" onClick={onChange} data-testid="change-fee">
            <Trans>Change</Trans>
          </Button>
        )
      }
    >
      <p className="text-2xl font-bold tabular-nums text-gray-900" data-testid="fee-price">
        <Trans>{price} per person</Trans>
      </p>
      <p className="mt-1 text-sm text-gray-600">
        <Trans>A team registering together pays {double}. The registration counts once the payment has arrived.</Trans>
      </p>
      <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <Row label={<Trans>Organiser name</Trans>} testId="fee-brand-name">
          {options.brandName}
        </Row>
        <Row label={<Trans>Terms</Trans>} testId="fee-agb-link">
          <ExternalLink href={options.agbLink} />
        </Row>
        <Row label={<Trans>After paying</Trans>} testId="fee-redirect-link">
          <ExternalLink href={options.redirectAfterPurchaseLink} />
        </Row>
      </dl>
    </Card>
  );
}

/** Without a fee, the form to set one; with one, its summary, and the form while it is being changed. */
export function FeeCard({
  dinner,
  options,
  readOnly,
  stripeConfigured,
}: {
  dinner: RunningDinner;
  options: PaymentOptions | null;
  readOnly: boolean;
  stripeConfigured: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  // Back from the form, the focus goes where it came from.
  const [returnFocus, setReturnFocus] = useState(false);
  useEffect(() => {
    if (returnFocus && !editing) {
      wrapper.current?.querySelector<HTMLElement>('[data-testid="change-fee"]')?.focus();
      setReturnFocus(false);
    }
  }, [returnFocus, editing]);
  const close = () => {
    setEditing(false);
    setReturnFocus(true);
  };
  return (
    <div ref={wrapper}>
      {options && !editing ? (
        <FeeSummary options={options} readOnly={readOnly} onChange={() => setEditing(true)} />
      ) : (
        <PaymentOptionsForm
          // A fresh form for every saved state: it starts from what the server holds.
          key={JSON.stringify([options, dinner.readOnlyReason])}
          dinner={dinner}
          options={options}
          readOnly={readOnly}
          stripeConfigured={stripeConfigured}
          onDone={close}
          onCancel={options ? close : undefined}
        />
      )}
    </div>
  );
}
