import type { PublicRunningDinner } from '@contract/registration';
import { Trans } from '@lingui/react/macro';
import { LinkButton } from '../../../components/Button';
import { markReturned } from '../payment';
import { publicDinnerUrl } from '../registration.api';
import { OutcomeCard, Tick } from './OutcomeCard';
import { EventPageLink, OrganiserMail } from './OutcomeLinks';

// The order's settled states: paid and registered, paid too late, failed, refunded.

export function Paid({ dinner, publicDinnerId }: { dinner?: PublicRunningDinner; publicDinnerId: string }) {
  return (
    <OutcomeCard
      tone="success"
      status="PAID"
      title={<Trans>You are registered!</Trans>}
      icon={<Tick />}
      dinner={dinner}
      actions={<EventPageLink publicDinnerId={publicDinnerId} />}
    >
      <p>
        <Trans>Your payment has arrived and your registration is complete. We have sent you an e-mail about it.</Trans>
      </p>
      <p className="text-gray-700">
        <Trans>
          Nothing else to do for now. Once registration has closed, the organiser forms the teams and sends you an
          e-mail with your partner, the course you cook and your route.
        </Trans>
      </p>
    </OutcomeCard>
  );
}

export function PaidNotRegistered({
  dinner,
  publicDinnerId,
}: {
  dinner?: PublicRunningDinner;
  publicDinnerId: string;
}) {
  return (
    <OutcomeCard
      tone="warning"
      status="PAID_NOT_REGISTERED"
      title={<Trans>Paid, but the registration was no longer possible</Trans>}
      dinner={dinner}
      actions={<EventPageLink publicDinnerId={publicDinnerId} />}
    >
      <p>
        <Trans>
          Your payment arrived, but meanwhile the registration closed or your e-mail address was registered already. So
          you are not registered, and the organiser refunds the fee to you.
        </Trans>
      </p>
      <OrganiserMail dinner={dinner} />
    </OutcomeCard>
  );
}

export function Failed({
  dinner,
  publicDinnerId,
  orderId,
}: {
  dinner?: PublicRunningDinner;
  publicDinnerId: string;
  orderId: string;
}) {
  return (
    <OutcomeCard
      tone="error"
      status="FAILED"
      title={<Trans>The payment failed</Trans>}
      dinner={dinner}
      actions={
        <LinkButton
          href={publicDinnerUrl(publicDinnerId)}
          onClick={() => markReturned(publicDinnerId, orderId, 'failed')}
          className="w-full px-5 py-2.5 text-base sm:w-auto"
          data-testid="payment-try-again"
        >
          <Trans>Try again</Trans>
        </LinkButton>
      }
    >
      <p>
        <Trans>
          Your payment did not go through, so you are not registered and nothing was charged. Please try again, perhaps
          with another payment method.
        </Trans>
      </p>
      <OrganiserMail dinner={dinner} />
    </OutcomeCard>
  );
}

export function Refunded({ dinner, publicDinnerId }: { dinner?: PublicRunningDinner; publicDinnerId: string }) {
  return (
    <OutcomeCard
      tone="neutral"
      status="REFUNDED"
      title={<Trans>Your fee was refunded</Trans>}
      dinner={dinner}
      actions={<EventPageLink publicDinnerId={publicDinnerId} />}
    >
      <p>
        <Trans>The organiser has paid your registration fee back to you.</Trans>
      </p>
      <OrganiserMail dinner={dinner} />
    </OutcomeCard>
  );
}
