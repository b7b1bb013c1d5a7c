import { useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { HomePage } from './HomePage';
import { CreateInfoPage, HowItWorksPage, ImprintPage, NewsPage, NotFoundPage, PrivacyPage } from './InfoPages';
import { LandingLayout } from './LandingLayout';
import { PublicEventsPage } from './PublicEventsPage';

function ScrollToTop() {
  const [location] = useLocation();
  // Braces matter: Chromium's scrollTo may return a promise, which React would call as the cleanup.
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
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/running-dinner-veranstalten-teilnehmen" component={HowItWorksPage} />
        <Route path="/news" component={NewsPage} />
        <Route path="/create-running-dinner" component={CreateInfoPage} />
        <Route path="/impressum" component={ImprintPage} />
        <Route path="/datenschutz" component={PrivacyPage} />
        <Route path="/running-dinner-events" component={PublicEventsPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </LandingLayout>
  );
}
