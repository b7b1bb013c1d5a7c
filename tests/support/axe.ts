import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page, type Request } from '@playwright/test';

// The browser tests import `test` from here: every page of the app a test shows is checked with axe once it has
// settled after each navigation (a load or a client-side route change) and once more at the end of the test, and
// the test fails on a serious or critical violation.

export * from '@playwright/test';

const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** How long the DOM has to stay unchanged, with no request open and no animation running, to count as settled. */
const QUIET_MS = 300;
/** A page that has not settled after this long (a live bar moving) is checked at the end of the test. */
const SETTLE_LIMIT_MS = 15_000;

/**
 * Counts the DOM's changes, so a scan is known to have seen one state. Injected into every document before the app.
 */
function countMutations() {
  const w = window as unknown as { __axeWatch?: { changes: number; changedAt: number } };
  const watch = { changes: 0, changedAt: performance.now() };
  w.__axeWatch = watch;
  new MutationObserver(() => {
    watch.changes++;
    watch.changedAt = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** True once the page has been still for `quietMs`: loaded, unchanged and with no finite animation running. */
function isStill(quietMs: number) {
  const watch = (window as unknown as { __axeWatch?: { changedAt: number } }).__axeWatch;
  if (!watch || document.readyState !== 'complete') return false;
  const animating = document
    .getAnimations()
    .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
  return !animating && performance.now() - watch.changedAt >= quietMs;
}

const changesSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as { __axeWatch?: { changes: number } }).__axeWatch?.changes ?? -1);

/** Streams stay open for as long as the page does; they are not work the page waits for. */
const isLongLived = (request: Request) => ['eventsource', 'websocket'].includes(request.resourceType());

/** One line per violation and element: where, which rule, how bad, what to fix. */
type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function describe(path: string, violations: Violation[]) {
  return violations.flatMap((v) =>
    v.nodes.map((node) => `${path} ${v.id} (${v.impact}): ${v.help} — ${node.target.join(' ')}`),
  );
}

/** Follows one page of the app: scans it whenever it has settled after a navigation. */
class PageWatch {
  private due = false;
  /** The end of the test: a page that never settles is checked as it is. */
  private last = false;
  private running: Promise<void> = Promise.resolve();
  private openRequests = new Set<Request>();
  constructor(
    private readonly page: Page,
    private readonly origin: string,
    private readonly found: Set<string>,
  ) {
    page.on('request', (r) => !isLongLived(r) && this.openRequests.add(r));
    page.on('requestfinished', (r) => this.openRequests.delete(r));
    page.on('requestfailed', (r) => this.openRequests.delete(r));
    page.on('framenavigated', (frame) => frame === page.mainFrame() && this.schedule());
  }

  /** A scan of the page's state once it has settled; one at a time, the newest state wins. */
  schedule(last = false) {
    this.last ||= last;
    if (this.due) return this.running;
    this.due = true;
    this.running = this.running.then(() => this.scanWhenSettled());
    return this.running;
  }

  private async scanWhenSettled() {
    let changedWhileScanned = 0;
    while (this.due) {
      this.due = false;
      if (this.page.isClosed() || !this.page.url().startsWith(this.origin)) return;
      try {
        // A page still moving is left for its next navigation or the end of the test: axe would only slow it down.
        if (!(await this.settle()) && !this.last) return;
        const before = await changesSoFar(this.page);
        const path = new URL(this.page.url()).pathname;
        const results = await new AxeBuilder({ page: this.page })
          // The map's tiles come from the internet, which these tests have no way to: the pane stays grey.
          .exclude('.leaflet-tile-pane')
          // Off by default as experimental; the issue that brought axe here found its violations in the header.
          .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
          // One run in the page itself (same-origin frames only) rather than finishing in a blank extra page.
          .setLegacyMode()
          .analyze();
        // Navigated meanwhile: the new page is scanned instead. Changed meanwhile: scanned again, but a page that
        // keeps changing (a live bar), or the last state of a test, is taken as it was seen.
        if (this.due) continue;
        if (!this.last && (await changesSoFar(this.page)) !== before && ++changedWhileScanned < 3) {
          this.due = true;
          continue;
        }
        const violations = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
        for (const line of describe(path, violations)) this.found.add(line);
      } catch (error) {
        // The page navigated or closed while it was scanned (axe's script then finds a new document without axe).
        if (this.page.isClosed()) return;
        if (this.due || /context was destroyed|navigat/i.test(String(error))) {
          this.due = true;
          continue;
        }
        this.found.add(`${this.page.url()} axe could not check the page: ${error}`);
      }
    }
  }

  private async settle() {
    const deadline = Date.now() + SETTLE_LIMIT_MS;
    while (Date.now() < deadline) {
      if (this.openRequests.size === 0 && (await this.page.evaluate(isStill, QUIET_MS))) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  }
}

const watches = new WeakMap<Page, PageWatch>();

/** Checks the page as it is now (once settled), e.g. after a test changed the viewport; the test fails at its end. */
export const checkAccessibility = (page: Page) => watches.get(page)!.schedule(true);

export const test = base.extend({
  context: async ({ context, baseURL }, use, testInfo) => {
    const origin = new URL(baseURL!).origin;
    const found = new Set<string>();
    await context.addInitScript(countMutations);
    context.on('page', (page) => watches.set(page, new PageWatch(page, origin, found)));
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus) return;
    // The state a test ends in is checked too, whatever it did on the page since its last navigation.
    await Promise.all(context.pages().map(checkAccessibility));
    expect([...found], 'serious or critical accessibility violations (axe)').toEqual([]);
  },
});
