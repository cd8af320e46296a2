/**
 * The shared screen behaviour and route rules of the spec (§2, §4, §7, §8), one test per
 * behaviour, against the production build.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {BrowserContext, Page} from '@playwright/test';
import type {LoadedPlugin} from '@docusaurus/types';
import {loadThemeAliases} from '@docusaurus/core/lib/webpack/aliases';
import {sharedTest as test, expect, expectClean, hydrated, routeOnlyScripts} from '../lib/fixtures';
import {ROOT} from '../../src/lib/root.cjs';

const NOT_FOUND = 'Page Not Found';

test.describe('routes', () => {
  // Every route of the spec, every guide, post and API page is loaded, clean and hydrated, by
  // tests/site/sitemap.spec.ts, which also checks that the sitemap lists exactly those.
  test('/docs leads to /docs/introduction with JavaScript', async ({page, watch}) => {
    await page.goto('/docs?from=test#part');
    // The page's inline script keeps the query and the hash (the meta refresh alone would drop
    // them), and runs under the Content Security Policy.
    await page.waitForURL(
      (url) =>
        url.pathname === '/docs/introduction' &&
        url.search === '?from=test' &&
        url.hash === '#part',
    );
    await hydrated(page);
    await expect(page.getByRole('heading', {name: NOT_FOUND})).toHaveCount(0);
    expectClean(watch);
  });

  test('/docs leads to /docs/introduction without JavaScript', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    await page.goto('/docs');
    await page.waitForURL('**/docs/introduction');
    await expect(page.locator('article h1').first()).toBeVisible();
    await context.close();
  });

  // An unknown path loaded directly: tests/site/sitemap.spec.ts, "the not-found page loads
  // cleanly and has no axe violation, light and dark" (404, the not-found page).

  test('an unknown path shows the not-found page on client navigation', async ({page}) => {
    await page.goto('/docs/introduction');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as {marker: number}).marker = 42));
    await page.evaluate(() => {
      window.history.pushState({}, '', '/no/such/page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', {name: NOT_FOUND})).toBeVisible();
    // Same document: the router rendered it, nothing was reloaded.
    expect(await page.evaluate(() => (window as unknown as {marker?: number}).marker)).toBe(42);
  });
  // A path with .html or /index.html: tests/site/html-suffix.spec.ts, every kind of route.
});

test.describe('navbar', () => {
  test('at 995 px the navbar is the mobile menu', async ({page}) => {
    await page.setViewportSize({width: 995, height: 800});
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('button', {name: /toggle navigation/i})).toBeVisible();
    await expect(page.locator('.navbar__items--right a[aria-label="Skip on GitHub"]')).toBeHidden();
  });

  test('at 996 px the navbar shows the desktop links', async ({page}) => {
    await page.setViewportSize({width: 996, height: 800});
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('button', {name: /toggle navigation/i})).toBeHidden();
    for (const name of ['Skip on GitHub', 'SkipLabs on LinkedIn', 'Skip community on Discord']) {
      await expect(page.locator('.navbar__items--right').getByRole('link', {name})).toBeVisible();
    }
  });

  test('the three right-hand links point at the repository, company page and chat', async ({
    page,
  }) => {
    await page.goto('/');
    const right = page.locator('.navbar__items--right');
    await expect(right.getByRole('link', {name: 'Skip on GitHub'})).toHaveAttribute(
      'href',
      'https://github.com/SkipLabs/skip',
    );
    await expect(right.getByRole('link', {name: 'SkipLabs on LinkedIn'})).toHaveAttribute(
      'href',
      'https://www.linkedin.com/company/skiplabs/',
    );
    await expect(right.getByRole('link', {name: 'Skip community on Discord'})).toHaveAttribute(
      'href',
      'https://discord.gg/4dMEBA46mE',
    );
  });

  test('an open mobile menu closes when the viewport grows to 996 px', async ({page}) => {
    await page.setViewportSize({width: 800, height: 800});
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', {name: /toggle navigation/i}).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
    await page.setViewportSize({width: 996, height: 800});
    await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
  });
});

test.describe('colour mode', () => {
  test('defaults to light even when the system prefers dark', async ({page}) => {
    // The shared page is given back with the default media after the test.
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto('/');
    await hydrated(page);
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
      true,
    );
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('the toggle writes localStorage "theme" and survives a reload', async ({page}) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', {name: /dark mode|light mode|system mode/i}).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('a second tab follows a change made in the first', async ({page: first}) => {
    // The first tab is the shared page; the second, a new one in its context.
    const second = await first.context().newPage();
    try {
      await first.goto('/');
      await second.goto('/docs/introduction');
      await hydrated(first);
      await hydrated(second);
      await expect(second.locator('html')).toHaveAttribute('data-theme', 'light');
      await first.getByRole('button', {name: /dark mode|light mode|system mode/i}).click();
      await expect(first.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
    } finally {
      await second.close();
    }
  });
});

test.describe('shared chrome', () => {
  test('the language dropdown lists English only', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto('/');
    await hydrated(page);
    const dropdown = page.locator('.navbar__items--right .dropdown');
    await expect(dropdown).toHaveCount(1);
    const items = dropdown.locator('.dropdown__menu .dropdown__link');
    await expect(items).toHaveText(['English']);
  });

  test('the footer is dark with a copyright line and no link', async ({page}) => {
    await page.goto('/');
    const footer = page.locator('footer.footer');
    await expect(footer).toHaveClass(/footer--dark/);
    await expect(footer).toContainText('Copyright ©');
    await expect(footer.locator('a')).toHaveCount(0);
  });

  test('skip-to-content is the first focusable element and moves focus to the content', async ({
    page,
  }) => {
    await page.goto('/docs/introduction');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveText(/skip to main content/i);
    await page.keyboard.press('Enter');
    // The link moves the keyboard's starting point: the next Tab lands inside the content,
    // past the navbar and the sidebar.
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => {
      const el = document.activeElement;
      return {
        inMain: Boolean(el?.closest('main')),
        inNavbar: Boolean(el?.closest('nav.navbar, .theme-doc-sidebar-container')),
      };
    });
    expect(next).toEqual({inMain: true, inNavbar: false});
  });

  test('the search component renders nothing, also once a search theme is added', async ({
    page,
  }) => {
    // Docusaurus's own resolution of `@theme/SearchBar`, with the classic theme and the
    // Algolia search theme (the one the classic preset adds when `themeConfig.algolia` is
    // set): the site's src/theme/SearchBar wins over both, and renders nothing.
    const themeOf = (name: string): LoadedPlugin => {
      const dir = path.join(ROOT, 'node_modules', name, 'lib', 'theme');
      const own = ['SearchBar.js', 'SearchBar/index.js'].some((f) =>
        fs.existsSync(path.join(dir, f)),
      );
      expect(own, `${name} has a SearchBar`).toBe(true);
      return {path: dir, getThemePath: () => '.'} as unknown as LoadedPlugin;
    };
    const aliases = await loadThemeAliases({
      siteDir: ROOT,
      plugins: [themeOf('@docusaurus/theme-classic'), themeOf('@docusaurus/theme-search-algolia')],
    });
    expect(aliases['@theme/SearchBar']).toBe(path.join(ROOT, 'src/theme/SearchBar/index.tsx'));
    // Loaded once resolved: without the override, the check above fails first.
    const {default: SearchBar} = createRequire(__filename)('../../src/theme/SearchBar') as {
      default: () => null;
    };
    expect(SearchBar()).toBeNull();
    // And the built navbar has no search.
    await page.goto('/');
    await hydrated(page);
    await expect(
      page.locator('.navbar input[type="search"], .navbar .DocSearch, .navbar [class*="search"]'),
    ).toHaveCount(0);
  });
  // The title's vertical bar: tests/build/html-pages.spec.ts, on every built page.
});

test.describe('announcement bar', () => {
  const bar = (page: Page) => page.locator('.theme-announcement-bar');

  test('its dismissal survives a reload', async ({page}) => {
    await page.goto('/');
    await hydrated(page);
    await expect(bar(page)).toBeVisible();
    await bar(page).getByRole('button', {name: /close/i}).click();
    await expect(bar(page)).toBeHidden();
    await page.reload();
    await hydrated(page);
    await expect(bar(page)).toBeHidden();
  });

  test('a changed id shows the bar again', async ({page}) => {
    // A dismissal recorded for an earlier bar id must not hide the current bar: stored, then
    // the page loaded again (the shared page's storage is emptied after the test).
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('docusaurus.announcement.id', 'an-earlier-announcement');
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    });
    await page.reload();
    await hydrated(page);
    await expect(bar(page)).toBeVisible();
  });
});

test.describe('errors and loading', () => {
  test('a render error shows the crash page with "Try again"', async ({page}) => {
    // Corrupt the blog sidebar's data as the scripts deliver it: the post's entry gets an
    // object for a title, which React refuses to render as the link's text, inside the layout.
    const entry = '{"title":"Why Skip?","permalink":"/blog/why-skip"';
    let corrupted = 0;
    await page.route('**/assets/js/*.js', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll(
        entry,
        () => (corrupted++, '{"title":{},"permalink":"/blog/why-skip"'),
      );
      await route.fulfill({response, body});
    });
    await page.goto('/blog/why-skip');
    await expect(page.getByText('This page crashed.')).toBeVisible();
    await expect(page.getByRole('button', {name: 'Try again'})).toBeVisible();
    await expect(page).toHaveTitle('Page Error');
    expect(corrupted, 'sidebar entries corrupted in the scripts').toBeGreaterThan(0);
    // Prefetches may still be on their way.
    await page.unrouteAll({behavior: 'ignoreErrors'});
  });

  test('a page chunk that fails to load shows the error and "Retry"', async ({context}) => {
    // The introduction's own chunks: not those of the docs layout, which an unknown doc
    // path under /docs loads too.
    const chunks = await routeOnlyScripts(context, '/docs/introduction', '/docs/no-such-doc');
    expect(chunks.length).toBeGreaterThan(0);
    const page = await context.newPage();
    // A static host that serves the page under its .html name, without the head script that
    // sends such paths to the clean one (src/ssr-template.ts): the router renders the
    // introduction without having preloaded it, so its chunks load during render.
    await page.route('**/docs/introduction/index.html', async (route) => {
      const res = await page.request.get('/docs/introduction');
      const html = await res.text();
      const body = html.replace(/<script>[^<]*location\.replace\([^<]*<\/script>/, '');
      expect(body.length, 'the head script removed').toBeLessThan(html.length);
      await route.fulfill({status: 200, contentType: 'text/html', body});
    });
    let blocked = true;
    await page.route('**/assets/js/**', (route) =>
      blocked && chunks.includes(new URL(route.request().url()).pathname)
        ? route.abort()
        : route.continue(),
    );
    await page.goto('/docs/introduction/index.html');
    await expect(page.getByRole('button', {name: 'Retry'})).toBeVisible();
    // The loader shows the error's text above the button.
    const box = page.getByRole('button', {name: 'Retry'}).locator('xpath=../..');
    await expect(box).toContainText(/error/i);
    blocked = false;
    await page.getByRole('button', {name: 'Retry'}).click();
    await expect(page.getByRole('button', {name: 'Retry'})).toHaveCount(0);
    await expect(page.locator('article h1').first()).toBeVisible();
  });

  test('a failed route preload reloads the page', async ({context}) => {
    const chunks = await routeOnlyScripts(context, '/docs/getting_started');
    const page = await context.newPage();
    await page.goto('/docs/introduction');
    await hydrated(page);
    await page.route('**/assets/js/**', (route) =>
      chunks.includes(new URL(route.request().url()).pathname) ? route.abort() : route.continue(),
    );
    await page.evaluate(() => ((window as unknown as {marker: number}).marker = 42));
    const reload = page.waitForEvent('load');
    await page.locator('.menu a[href="/docs/getting_started"]').first().click();
    await reload;
    // A new document: the marker set on the old one is gone.
    expect(
      await page.evaluate(() => (window as unknown as {marker?: number}).marker),
    ).toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/docs/getting_started');
  });
});

test.describe('navigation', () => {
  /** Records whether the progress bar element ever appears in the document. */
  async function watchProgressBar(page: Page): Promise<void> {
    await page.evaluate(() => {
      const w = window as unknown as {progressSeen: boolean};
      w.progressSeen = false;
      new MutationObserver(() => {
        if (document.getElementById('nprogress')) w.progressSeen = true;
      }).observe(document.documentElement, {childList: true, subtree: true});
    });
  }

  test('the progress bar appears for a navigation slower than 200 ms', async ({context}) => {
    const chunks = await routeOnlyScripts(context, '/docs/resources');
    const page = await context.newPage();
    await page.goto('/docs/introduction');
    await hydrated(page);
    await page.route('**/assets/js/**', async (route) => {
      if (chunks.includes(new URL(route.request().url()).pathname))
        await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    const title = await page.locator('article h1').first().textContent();
    await page.locator('.menu a[href="/docs/resources"]').first().click();
    await expect(page.locator('#nprogress')).toBeAttached();
    // Spec §4: the next page's code loads before it shows; until then the page stays.
    expect(await page.locator('article h1').first().textContent()).toBe(title);
    await page.waitForURL('**/docs/resources');
    await expect(page.locator('article h1').first()).toBeVisible();
  });

  test('the progress bar stays hidden for a navigation faster than 200 ms', async ({context}) => {
    // The page's clock is the test's: the 200 ms delay passes when the test says so.
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/docs/introduction');
    await hydrated(page);
    const link = page.locator('.menu a[href="/docs/functions"]').first();
    // Load the target's code first, so the navigation itself is immediate.
    await page.evaluate(() =>
      (window as unknown as {docusaurus: {preload(p: string): Promise<void>}}).docusaurus.preload(
        '/docs/functions',
      ),
    );
    await watchProgressBar(page);
    // Timers stop: the bar's delay cannot run out while the navigation is under way.
    await page.clock.pauseAt(Date.now() + 60_000);
    await link.click();
    await page.waitForURL('**/docs/functions');
    await expect(page.locator('article h1').first()).toBeVisible();
    // The navigation is done; twice the delay passes, and the bar's timer, had it been left
    // running, fires now.
    await page.clock.runFor(400);
    expect(
      await page.evaluate(() => (window as unknown as {progressSeen: boolean}).progressSeen),
    ).toBe(false);
  });

  /**
   * Which of `chunks` the page asks for during `action` and its idle time after (when queued
   * prefetches run, src/plugins/idle-prefetch): `some` waits until one is asked for, `none`
   * returns those asked for once the page has been idle. A chunk asked for is a request
   * seen, a prefetch link or script element in the document (there before its request), or
   * a resource timing entry (there before the chunk's script element is removed).
   */
  async function chunksAskedFor(
    page: Page,
    chunks: string[],
    action: () => Promise<void>,
    wait: 'some' | 'none',
  ): Promise<string[]> {
    const seen = new Set<string>();
    const onRequest = (req: {url(): string}) => seen.add(new URL(req.url()).pathname);
    page.on('request', onRequest);
    const asked = async () => {
      const inPage = await page.evaluate(() => [
        ...Array.from(document.querySelectorAll('link[href], script[src]'), (el) =>
          el instanceof HTMLLinkElement ? el.href : (el as HTMLScriptElement).src,
        ),
        ...performance.getEntriesByType('resource').map((entry) => entry.name),
      ]);
      const paths = [...seen, ...inPage.map((url) => new URL(url).pathname)];
      return [...new Set(paths.filter((p) => chunks.includes(p)))];
    };
    await action();
    if (wait === 'some') await expect.poll(async () => (await asked()).length).toBeGreaterThan(0);
    // Two idle periods: the idle prefetch queue ran in the first or the second.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestIdleCallback(() => requestIdleCallback(() => resolve())),
        ),
    );
    const result = await asked();
    page.off('request', onRequest);
    return result;
  }

  test('links prefetch their page when they become visible', async ({context}) => {
    const chunks = await routeOnlyScripts(context, '/docs/api/core', '/');
    expect(chunks.length).toBeGreaterThan(0);
    const page = await context.newPage();
    // The navbar's "API" link is visible as soon as the landing page loads.
    const seen = await chunksAskedFor(
      page,
      chunks,
      async () => {
        await page.goto('/');
        await hydrated(page);
      },
      'some',
    );
    expect(seen.length).toBeGreaterThan(0);
  });

  test('on a phone, the links of the closed mobile menu prefetch nothing', async ({context}) => {
    // The glossary is linked from the menu only; its link sits within the screen's height, a
    // menu's width to the left of it (src/css/custom.css: the closed menu does not slide). A
    // link that touches the screen, even for one frame, counts as visible, so each frame of
    // the load is checked too: whether prefetches start then depends on timing.
    const page = await context.newPage();
    await page.setViewportSize({width: 412, height: 823});
    await page.addInitScript(() => {
      const frames = {touching: 0};
      (window as unknown as {menuFrames: typeof frames}).menuFrames = frames;
      const check = () => {
        const closed = !document
          .querySelector('.navbar')
          ?.classList.contains('navbar-sidebar--show');
        const touching = Array.from(document.querySelectorAll('.navbar-sidebar a'), (link) =>
          link.getBoundingClientRect(),
        ).some((box) => box.width > 0 && box.right >= 0 && box.left <= window.innerWidth);
        if (closed && touching) frames.touching++;
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    const chunks = await routeOnlyScripts(context, '/docs/glossary', '/docs/introduction');
    expect(chunks.length).toBeGreaterThan(0);
    const seen = await chunksAskedFor(
      page,
      chunks,
      async () => {
        await page.goto('/docs/api/core/interfaces/Context');
        await hydrated(page);
        await expect(page.locator('.navbar-sidebar a[href="/docs/glossary"]')).toBeAttached();
      },
      'none',
    );
    expect(seen).toEqual([]);
    const frames = await page.evaluate(
      () => (window as unknown as {menuFrames: {touching: number}}).menuFrames.touching,
    );
    expect(frames, 'frames where a link of the closed menu touched the screen').toBe(0);
  });

  test('links prefetch their page on hover', async ({context}) => {
    const chunks = await routeOnlyScripts(context, '/docs/api/core', '/');
    const page = await context.newPage();
    // An IntersectionObserver that never fires: only the hover can start a prefetch.
    await page.addInitScript(() => {
      (window as unknown as {IntersectionObserver: unknown}).IntersectionObserver = class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      };
    });
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const link = page.locator('.navbar a[href="/docs/api/core"]').first();
    const seen = await chunksAskedFor(page, chunks, () => link.hover(), 'some');
    expect(seen.length).toBeGreaterThan(0);
  });

  /** Hovers and shows the API link on the landing page; expects no chunk of it prefetched. */
  async function expectNoPrefetch(
    context: BrowserContext,
    connection: {saveData: boolean; effectiveType: string},
  ): Promise<void> {
    const chunks = await routeOnlyScripts(context, '/docs/api/core', '/');
    expect(chunks.length).toBeGreaterThan(0);
    const page = await context.newPage();
    await page.addInitScript((value) => {
      Object.defineProperty(navigator, 'connection', {configurable: true, get: () => value});
    }, connection);
    const seen = await chunksAskedFor(
      page,
      chunks,
      async () => {
        await page.goto('/');
        await hydrated(page);
        await page.locator('.navbar a[href="/docs/api/core"]').first().hover();
        const card = page.locator('main a[href="/docs/api/core"]');
        await card.scrollIntoViewIfNeeded();
        await card.hover();
      },
      'none',
    );
    expect(seen).toEqual([]);
  }

  test('nothing is prefetched under navigator.connection.saveData', async ({context}) => {
    await expectNoPrefetch(context, {saveData: true, effectiveType: '4g'});
  });

  test('nothing is prefetched on a 2g connection', async ({context}) => {
    await expectNoPrefetch(context, {saveData: false, effectiveType: '2g'});
  });
});
