import type { RunningDinner } from '@contract/dinner';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import { useLocation } from 'wouter';
import { Button } from '../../../components/Button';
import { formatDate } from '../../../components/dateFormat';
import { FormSection } from '../../../components/form';
import { Loaded } from '../../../components/Loaded';
import { PageLoading } from '../../../components/PageLoading';
import { adminPath } from '../../../lib/api';
import { toast } from '../../../lib/toasts';

export function SummaryStep({ adminId }: { adminId: string }) {
  const { t } = useLingui();
  const { data: dinner, error, mutate } = useSWR<RunningDinner, Error>(adminPath(adminId));
  return (
    <Loaded
      data={dinner}
      error={error}
      failure={(e) => e.message}
      onRetry={() => void mutate()}
      frame="screen"
      loading={<PageLoading label={t`Loading your running dinner…`} />}
    >
      {(loaded) => <Summary dinner={loaded} />}
    </Loaded>
  );
}

/** The created dinner: its links, what comes next. */
function Summary({ dinner }: { dinner: RunningDinner }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const demo = dinner.runningDinnerType === 'DEMO';
  const closed = dinner.basicDetails.registrationType === 'CLOSED';
  const adminUrl = `${window.location.origin}/admin/${dinner.adminId}`;
  const { title, city, date } = dinner.basicDetails;
  const email = dinner.email;

  return (
    <div className="space-y-6">
      <div className="rounded-xl border border-primary-100 bg-primary-50 p-5 sm:p-6" role="status">
        <h2 tabIndex={-1} className="text-xl font-semibold text-primary-800 focus:outline-none">
          {demo ? <Trans>Your demo is ready!</Trans> : <Trans>Your running dinner has been created!</Trans>}
        </h2>
        <p className="mt-1 text-gray-800">
          {title} · {city} · {formatDate(date)}
        </p>
      </div>

      <FormSection
        title={t`Your administration link`}
        description={t`Bookmark it: with this link you manage your event. Anyone who has it can change the event, so keep it to yourself.`}
      >
        <CopyLink label={t`Administration link`} url={adminUrl} />
      </FormSection>

      {!closed && (
        <FormSection
          title={t`Link for your participants`}
          description={t`Share this link: here people see your event and register.`}
        >
          <CopyLink label={t`Registration link`} url={dinner.publicSettings.publicDinnerUrl} />
        </FormSection>
      )}

      <FormSection title={t`What happens next?`}>
        <ol className="list-decimal space-y-2 pl-5 text-sm leading-6 text-gray-700">
          {demo ? (
            <>
              <li>
                <Trans>We sent the link to {email} as well.</Trans>
              </li>
              <li>
                <Trans>
                  Your demo already has 18 made-up participants. Generate the teams, look at their routes and send them
                  mails: in a demo every mail goes to you.
                </Trans>
              </li>
            </>
          ) : (
            <>
              <li>
                <Trans>We sent you a mail to {email}. Please confirm your address with the link in it.</Trans>
              </li>
              <li>
                {closed ? (
                  <Trans>Add your participants in the administration.</Trans>
                ) : (
                  <Trans>Share the registration link. You see every registration in the administration.</Trans>
                )}
              </li>
              <li>
                <Trans>
                  When enough people have joined, generate the teams and their routes, and send everyone their team and
                  route under Messages.
                </Trans>
              </li>
            </>
          )}
        </ol>
      </FormSection>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        {!demo && !closed && (
          <Button
            variant="secondary"
            className="w-full px-6 py-2.5 sm:w-auto"
            onClick={() => navigate(`~/admin/${dinner.adminId}/payments`)}
            data-testid="summary-set-fee"
          >
            <Trans>Set a registration fee</Trans>
          </Button>
        )}
        <Button className="w-full px-6 py-2.5 sm:w-auto" onClick={() => navigate(`~/admin/${dinner.adminId}`)}>
          <Trans>Open administration</Trans>
        </Button>
      </div>
    </div>
  );
}

function CopyLink({ label, url }: { label: string; url: string }) {
  const { t } = useLingui();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast(t`Link copied`, 'success');
    } catch {
      toast(t`Copying did not work. Please select the link and copy it yourself.`, 'error');
    }
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <input
        readOnly
        aria-label={label}
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm text-gray-800"
      />
      <Button variant="secondary" onClick={() => void copy()} className="shrink-0">
        <Trans>Copy</Trans>
      </Button>
    </div>
  );
}
