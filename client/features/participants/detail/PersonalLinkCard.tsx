import type { Participant, PersonalLink } from '@contract/participants';
import { fullName } from '@domain/participants/names';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import { Card } from '../../../components/Card';
import { CopyButton } from '../../../components/CopyButton';
import { Loaded } from '../../../components/Loaded';
import { Skeleton } from '../../../components/Skeleton';
import { type ApiError, errorMessage } from '../../../lib/api';
import { useAdminId } from '../../admin/hooks';
import { participantsPath } from '../hooks';

/** The participant's personal link, as their mails carry it: for the organiser to pass on when a mail got lost. */
export function PersonalLinkCard({ participant }: { participant: Participant }) {
  const { t } = useLingui();
  const adminId = useAdminId();
  const { data, error, mutate } = useSWR<PersonalLink, ApiError>(
    participantsPath(adminId, `/participant/${participant.id}/personallink`),
  );
  const name = fullName(participant) || t`(no name)`;
  return (
    <Card className="mb-6" title={<Trans>Personal link</Trans>} testId="personal-link">
      <p className="text-sm text-gray-700">
        <Trans>
          Here {name} sees their registration and partner wish, and once the teams are made their team and dinner route.
          Send it to them if they cannot find their mail, and to nobody else.
        </Trans>
      </p>
      <div className="mt-3">
        <Loaded
          data={data}
          error={error}
          failure={errorMessage}
          onRetry={() => void mutate()}
          loading={<Skeleton className="h-9 w-full" />}
        >
          {({ url }) => (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                className="min-w-0 flex-1 break-all rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 font-mono text-xs text-gray-800 hover:underline"
                data-testid="personal-link-url"
              >
                {url}
              </a>
              <CopyButton text={url} className="shrink-0" />
            </div>
          )}
        </Loaded>
      </div>
    </Card>
  );
}
