import { I18nProvider } from '@lingui/react';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { SWRConfig } from 'swr';
import { Route, Switch } from 'wouter';
import { ErrorScreen } from './components/ErrorScreen';
import { PageLoading } from './components/PageLoading';
import { Toasts } from './components/Toasts';
import { fetcher } from './lib/api';
import { activateLanguage, detectLanguage, i18n, loadWholeCatalog } from './lib/i18n';

// Each area is its own chunk, loaded when first visited. The landing area (with the public event page and the
// registration) needs only the public part of the catalog (splitCatalogs in vite.config.ts names it); every
// other area loads the rest of the catalog together with its code.
const LandingArea = lazy(() => import('./features/landing/LandingArea'));
const withWholeCatalog = <T extends ComponentType<object>>(load: () => Promise<{ default: T }>) =>
  lazy(async () => (await Promise.all([load(), loadWholeCatalog()]))[0]);
const WizardArea = withWholeCatalog(() => import('./features/wizard/WizardArea'));
const AdminArea = withWholeCatalog(() => import('./features/admin/AdminArea'));
const MailboxPage = withWholeCatalog(() => import('./features/mailbox/MailboxPage'));
const SelfArea = withWholeCatalog(() => import('./features/self/SelfArea'));

class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? (
      <ErrorScreen message={this.state.error.message} onRetry={() => this.setState({ error: undefined })} />
    ) : (
      this.props.children
    );
  }
}

/** These paths belong to the server; the client never renders a page for them. */
const SERVER_PATHS = /\/(rest|resources|sse)\//i;

export function App() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void activateLanguage(detectLanguage()).then(() => setReady(true));
  }, []);
  if (SERVER_PATHS.test(window.location.pathname)) return null;
  // No catalog is loaded yet, so nothing here may translate.
  if (!ready) return <PageLoading label="…" />;
  return (
    <I18nProvider i18n={i18n}>
      <SWRConfig value={{ fetcher, shouldRetryOnError: false, revalidateOnFocus: false }}>
        <ErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Switch>
              <Route path="/running-dinner-wizard" nest>
                <WizardArea />
              </Route>
              <Route path="/admin/:adminId" nest>
                <AdminArea />
              </Route>
              <Route path="/self" nest>
                <SelfArea />
              </Route>
              <Route path="/mailbox" nest>
                <MailboxPage />
              </Route>
              <Route>
                <LandingArea />
              </Route>
            </Switch>
          </Suspense>
        </ErrorBoundary>
        <Toasts />
      </SWRConfig>
    </I18nProvider>
  );
}
