import type { RunningDinner } from '@contract/dinner';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { AppHeader } from '../../components/AppHeader';
import { HomeLink } from '../../components/MinimalLayout';
import { NavItemLink } from '../../components/NavItemLink';
import { useDashboardHref } from './hooks';
import { StatusBars } from './StatusBars';

interface NavItem {
  key: string;
  href: string;
  label: ReactNode;
  lockedNote?: ReactNode;
}

function useNavItems(dinner: RunningDinner): NavItem[] {
  const dashboardHref = useDashboardHref();
  return [
    { key: 'dashboard', href: dashboardHref, label: <Trans>Overview</Trans> },
    { key: 'participants', href: '/participants', label: <Trans>Participants</Trans> },
    { key: 'teams', href: '/teams', label: <Trans>Teams</Trans> },
    { key: 'routes', href: '/dinnerroute', label: <Trans>Dinner routes</Trans> },
    {
      key: 'messages',
      href: '/messages',
      label: <Trans>Messages</Trans>,
      lockedNote: dinner.messagingLocked ? <Trans>Locked until you confirmed your e-mail address</Trans> : undefined,
    },
    { key: 'payments', href: '/payments', label: <Trans>Payments</Trans> },
    { key: 'settings', href: '/settings', label: <Trans>Event settings</Trans> },
  ];
}

function NavList({ dinner, onNavigate }: { dinner: RunningDinner; onNavigate?: () => void }) {
  const [location] = useLocation();
  const items = useNavItems(dinner);
  return (
    <ul className="space-y-1">
      {items.map((item) => {
        const active = item.key === 'dashboard' ? location === '/' || location === '' : location.startsWith(item.href);
        return (
          <li key={item.key}>
            <NavItemLink
              href={item.href}
              active={active}
              onNavigate={onNavigate}
              testId={`nav-${item.key}`}
              inactiveClassName="text-gray-800 hover:bg-gray-100"
            >
              {item.label}
              {item.lockedNote && (
                <span className="mt-0.5 block text-xs font-normal text-amber-800">{item.lockedNote}</span>
              )}
            </NavItemLink>
          </li>
        );
      })}
    </ul>
  );
}

/** Header with the event title, the navigation (a sidebar on large screens, a menu on phones) and the status bars. */
export function AdminLayout({ dinner, children }: { dinner: RunningDinner; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="min-h-screen bg-gray-50">
      <AppHeader
        className="border-b border-gray-200 bg-white"
        rowClassName="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3"
        menuHiddenFrom="lg"
        menuLabel={t`Administration`}
        menu={(close) => (
          <>
            <p className="mb-2 truncate px-3 text-sm font-semibold text-gray-900 sm:hidden">
              {dinner.basicDetails.title}
            </p>
            <NavList dinner={dinner} onNavigate={close} />
          </>
        )}
      >
        <HomeLink className="shrink-0 font-bold text-primary-700" />
        <span className="hidden text-gray-300 sm:inline" aria-hidden="true">
          /
        </span>
        <span
          className="hidden min-w-0 flex-1 truncate font-medium text-gray-800 sm:block"
          title={dinner.basicDetails.title}
        >
          {dinner.basicDetails.title}
        </span>
        <span className="flex-1 sm:hidden" />
      </AppHeader>
      <StatusBars dinner={dinner} />
      <div className="mx-auto flex max-w-7xl gap-8 px-4 py-6">
        <nav aria-label={t`Administration`} className="hidden w-60 shrink-0 lg:block">
          <NavList dinner={dinner} />
        </nav>
        <main className="min-w-0 flex-1">{children}</main>
      </div>
    </div>
  );
}
