import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { AppHeader } from '../../components/AppHeader';
import { NavItemLink } from '../../components/NavItemLink';

export const WIZARD_URL = '/running-dinner-wizard';
const DEMO_URL = '/running-dinner-wizard?demoDinner=true';
/** Where an organiser or participant gets the links of their running dinners mailed again. */
export const LOST_LINK_URL = '/lost-link';

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

interface NavEntry {
  href: string;
  label: ReactNode;
}

function useNav(): NavEntry[] {
  return [
    { href: '/running-dinner-veranstalten-teilnehmen', label: <Trans>How it works</Trans> },
    { href: '/running-dinner-events', label: <Trans>Events</Trans> },
    { href: '/create-running-dinner', label: <Trans>For organisers</Trans> },
    { href: '/news', label: <Trans>News</Trans> },
  ];
}

function NavLinks({ onNavigate, vertical = false }: { onNavigate?: () => void; vertical?: boolean }) {
  const [location] = useLocation();
  return (
    <ul className={vertical ? 'space-y-1' : 'flex items-center gap-1'}>
      {useNav().map((item) => {
        const active = location.startsWith(item.href);
        return (
          <li key={item.href}>
            <NavItemLink
              href={item.href}
              active={active}
              onNavigate={onNavigate}
              className="text-sm"
              inactiveClassName="text-gray-700 hover:bg-gray-100"
            >
              {item.label}
            </NavItemLink>
          </li>
        );
      })}
    </ul>
  );
}

const legalLinks: NavEntry[] = [
  { href: '/impressum', label: <Trans>Imprint</Trans> },
  { href: '/datenschutz', label: <Trans>Privacy</Trans> },
  { href: '/news', label: <Trans>News</Trans> },
];

function FooterLinks({ label, links }: { label: string; links: NavEntry[] }) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className="text-gray-700 hover:text-primary-700 hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function LandingLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <AppHeader
        className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur"
        rowClassName="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3"
        actions={
          <a
            href={WIZARD_URL}
            className="hidden shrink-0 rounded-lg bg-primary-700 px-4 py-2 text-sm font-semibold text-white hover:bg-primary-800 md:inline-flex"
          >
            <Trans>Create running dinner</Trans>
          </a>
        }
        menuHiddenFrom="md"
        menuLabel={t`Main navigation`}
        menu={(close) => (
          <>
            <NavLinks vertical onNavigate={close} />
            <a
              href={WIZARD_URL}
              className="mt-3 flex justify-center rounded-lg bg-primary-700 px-4 py-2 text-sm font-semibold text-white hover:bg-primary-800"
            >
              <Trans>Create running dinner</Trans>
            </a>
          </>
        )}
      >
        <Link href="/" className="mr-2 shrink-0 text-lg font-bold text-primary-700">
          <Trans>Running Dinner</Trans>
        </Link>
        <nav aria-label={t`Main navigation`} className="hidden flex-1 md:block">
          <NavLinks />
        </nav>
        <span className="flex-1 md:hidden" />
      </AppHeader>
      <main className="flex-1">{children}</main>
      <footer className="border-t border-gray-200 bg-gray-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-3">
          <div>
            <p className="font-bold text-primary-700">
              <Trans>Running Dinner</Trans>
            </p>
            <p className="mt-2 text-gray-600">
              <Trans>Free, without ads and without tracking. If you like it, support it with a donation.</Trans>
            </p>
          </div>
          {/* The main navigation but the news, which stand with the legal pages. */}
          <FooterLinks
            label={t`Information`}
            links={[
              ...useNav().filter((item) => item.href !== '/news'),
              { href: LOST_LINK_URL, label: <Trans>Lost your link?</Trans> },
            ]}
          />
          <FooterLinks label={t`Legal`} links={legalLinks} />
        </div>
      </footer>
    </div>
  );
}

/** A text page: narrow column, one heading, readable line length. */
export function ContentPage({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{title}</h1>
      {lead && <p className="mt-4 text-lg leading-relaxed text-gray-600">{lead}</p>}
      <div className="mt-8 space-y-6 leading-relaxed text-gray-800 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-gray-900 [&_p_a]:font-medium [&_p_a]:text-primary-700 [&_p_a]:underline [&_p_a]:underline-offset-2 [&_li_a]:font-medium [&_li_a]:text-primary-700 [&_li_a]:underline">
        {children}
      </div>
    </div>
  );
}

export function CtaButtons({ className = '' }: { className?: string }) {
  return (
    <div className={`flex flex-col gap-3 sm:flex-row ${className}`}>
      <a
        href={WIZARD_URL}
        className="inline-flex justify-center rounded-lg bg-primary-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-primary-800"
        data-testid="cta-wizard"
      >
        <Trans>Create your running dinner</Trans>
      </a>
      <a
        href={DEMO_URL}
        className="inline-flex justify-center rounded-lg border border-gray-300 bg-white px-5 py-3 font-semibold text-gray-800 hover:bg-gray-50"
        data-testid="cta-demo"
      >
        <Trans>Try the demo</Trans>
      </a>
    </div>
  );
}
