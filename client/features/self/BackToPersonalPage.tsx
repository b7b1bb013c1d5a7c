import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { BackLink } from '../../components/BackLink';

/** From a team or route page back to the participant's personal page, where everything starts. */
export function BackToPersonalPage() {
  const { selfAdminId = '', participantId = '' } = useParams<{ selfAdminId: string; participantId: string }>();
  return (
    <BackLink href={`/${selfAdminId}/teampartnerwish/${participantId}`} testId="self-back-home" underline="hover">
      <Trans>Your personal page</Trans>
    </BackLink>
  );
}
