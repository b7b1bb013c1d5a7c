import type { ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { HomeLink, MinimalLayout } from '../../components/MinimalLayout';
import { DinnerRoutePage } from './DinnerRoutePage';
import { SelfHomePage } from './SelfHomePage';
import { SelfLinkInvalid } from './SelfLinkInvalid';
import { TeamHostPage } from './TeamHostPage';

/**
 * A participant's personal pages. The path holds secrets (self admin id, participant id): the layout links
 * nowhere but to this site's home page, and the server sends them with Referrer-Policy no-referrer.
 */
function SelfLayout({ children }: { children: ReactNode }) {
  return (
    <MinimalLayout
      className="flex min-h-screen flex-col bg-gray-50"
      rowClassName="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3"
      brand={<HomeLink className="text-lg font-bold text-primary-700" />}
    >
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:py-12">{children}</main>
    </MinimalLayout>
  );
}

/** /self/{selfAdminId}/… */
export default function SelfArea() {
  return (
    <SelfLayout>
      <Switch>
        <Route path="/:selfAdminId/teampartnerwish/:participantId" component={SelfHomePage} />
        <Route path="/:selfAdminId/teamhost/:participantId/:teamId" component={TeamHostPage} />
        <Route path="/:selfAdminId/dinnerroute/:participantId/:teamId" component={DinnerRoutePage} />
        <Route component={SelfLinkInvalid} />
      </Switch>
    </SelfLayout>
  );
}
