import type { PublicRunningDinner } from '@contract/registration';
import { Trans } from '@lingui/react/macro';
import { LinkButton } from '../../../components/Button';
import { publicDinnerUrl } from '../registration.api';

/** The organiser's address, for questions about an outcome; nothing when the event names none. */
export function OrganiserMail({ dinner }: { dinner?: PublicRunningDinner }) {
  const contact = dinner?.publicContactEmail;
  if (!contact) return null;
  const mail = (
    <a
      href={`mailto:${contact}`}
      className="font-medium [overflow-wrap:anywhere] text-primary-700 underline underline-offset-2"
    >
      {contact}
    </a>
  );
  return (
    <p className="text-sm text-gray-700">
      <Trans>Questions? Write to the organiser at {mail}.</Trans>
    </p>
  );
}

export function EventPageLink({
  publicDinnerId,
  variant = 'secondary',
}: {
  publicDinnerId: string;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <LinkButton
      href={publicDinnerUrl(publicDinnerId)}
      variant={variant}
      className="w-full px-5 py-2.5 text-base sm:w-auto"
    >
      <Trans>To the event page</Trans>
    </LinkButton>
  );
}
