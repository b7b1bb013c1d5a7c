import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageLoading } from '../../components/PageLoading';
import { CreateInfoPage } from './CreateInfoPage';
import { HomePage } from './HomePage';
import { HowItWorksPage } from './HowItWorksPage';
import { ImprintPage } from './ImprintPage';
import { LandingLayout, LOST_LINK_URL } from './LandingLayout';
import { LostLinkPage } from './LostLinkPage';
import { NewsPage } from './NewsPage';
import { NotFoundPage } from './NotFoundPage';
import { PrivacyPage } from './PrivacyPage';
import { PublicEventsPage } from './PublicEventsPage';

// Event page, registration, confirmation and the payment outcome: their own chunk, loaded when someone opens an event.
const PublicEventPage = lazy(() => import('../registration/PublicEventPage'));
const ActivationPage = lazy(() => import('../registration/ActivationPage'));
const PaymentPage = lazy(() => import('../registration/PaymentPage'));

function ScrollToTop() {
  const [location] = useLocation();
  // Braces matter: Chromium's scrollTo may return a promise, which React would call as the cleanup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location is the reason to scroll
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/** Every path that is not wizard, admin or mailbox: the public information pages. */
export default function LandingArea() {
  return (
    <LandingLayout>
      <ScrollToTop />
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/running-dinner-veranstalten-teilnehmen" component={HowItWorksPage} />
          <Route path="/news" component={NewsPage} />
          <Route path="/create-running-dinner" component={CreateInfoPage} />
          <Route path="/impressum" component={ImprintPage} />
          <Route path="/datenschutz" component={PrivacyPage} />
          <Route path={LOST_LINK_URL} component={LostLinkPage} />
          <Route path="/running-dinner-events" component={PublicEventsPage} />
          <Route path="/running-dinner-events/:publicDinnerId" component={PublicEventPage} />
          <Route path="/running-dinner-events/:publicDinnerId/payment/:orderId" component={PaymentPage} />
          <Route path="/running-dinner-events/:publicDinnerId/:participantId/activate" component={ActivationPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </LandingLayout>
  );
}
