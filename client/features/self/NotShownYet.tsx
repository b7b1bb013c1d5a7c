import { Trans, useLingui } from '@lingui/react/macro';
import { PageMessage } from '../../components/PageMessage';
import { usePageTitle } from '../landing/LandingLayout';
import { BackToPersonalPage } from './BackToPersonalPage';

/** A team or route page opened before a mail told it: the organiser may still change it (the server says when it comes). */
export function NotShownYet({ message }: { message: string }) {
  const { t } = useLingui();
  usePageTitle(t`Not published yet`);
  return (
    <div className="space-y-4">
      <BackToPersonalPage />
      <PageMessage
        className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8"
        testId="self-not-shown"
        title={<Trans>Not published yet</Trans>}
      >
        {message}
      </PageMessage>
    </div>
  );
}
