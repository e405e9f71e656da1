import { existsSync } from 'node:fs';
import { renderGraphiQL as renderCdnGraphiQL } from 'graphql-yoga';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { skipUnless } from '../support/env.js';

// Debian's Chromium (apt package `chromium`, installed by .ci/run): playwright-core
// drives it as is and never downloads a browser of its own.
const CHROMIUM = '/usr/bin/chromium';
const skip = skipUnless('Chromium', existsSync(CHROMIUM), `${CHROMIUM} is missing (apt package chromium)`);

/** Where yoga's own CDN-loading GraphiQL is served, on the server's origin, for the control. */
const CDN_PAGE_PATH = '/__control/cdn-graphiql';

/**
 * A browser context that can reach only `origin`: every other request (CDN,
 * fonts, anything) is aborted and recorded, as on a machine with no network.
 */
async function offlineContext(
  browser: Browser,
  origin: string,
): Promise<{ context: BrowserContext; blocked: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Well inside the test's timeout, so a page that never renders fails with its own message.
  context.setDefaultTimeout(20_000);
  const blocked: string[] = [];
  // On the context, not the page: the route then also sees requests made by workers.
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== origin) {
      blocked.push(url.href);
      return route.abort('internetdisconnected');
    }
    if (url.pathname === CDN_PAGE_PATH) {
      return route.fulfill({ contentType: 'text/html', body: renderCdnGraphiQL({ title: 'control' }) });
    }
    return route.continue();
  });
  return { context, blocked };
}

/** Every GraphQL POST the page makes, as it makes it: its body and the Authorization it carries. */
function recordGraphQLPosts(page: Page): Array<{ body: string; authorization: string | undefined }> {
  const posts: Array<{ body: string; authorization: string | undefined }> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/graphql') {
      posts.push({ body: request.postData() ?? '', authorization: request.headers().authorization });
    }
  });
  return posts;
}

/** The docs explorer's link to the query root type (listed under Root Types once the schema is loaded). */
function queryTypeLink(page: Page) {
  return page.locator('.graphiql-doc-explorer a.graphiql-doc-explorer-type-name', { hasText: /^Query$/ }).first();
}

/** Replaces the whole text of the Monaco editor inside `editor` as a user would: focus, select all, type. */
async function replaceEditorText(page: Page, editor: string, text: string): Promise<void> {
  await page.locator(`${editor} .monaco-editor .view-lines`).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
  // Monaco auto-closes the opening bracket it was given: drop what it added after the cursor.
  await page.keyboard.press('Shift+ControlOrMeta+End');
  await page.keyboard.press('Delete');
  await expect.poll(() => editorText(page, editor)).toBe(text);
}

/** The text Monaco shows in `editor`, lines run together (it renders spaces as no-break spaces). */
async function editorText(page: Page, editor: string): Promise<string> {
  return ((await page.locator(`${editor} .view-lines`).textContent()) ?? '').replaceAll('\u00a0', ' ');
}

describe.skipIf(skip)('GraphiQL offline', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  beforeAll(async () => {
    t = await startTestApp();
    origin = new URL(t.url).origin;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('control: the recorder catches the CDN requests of yoga’s default GraphiQL page', async () => {
    const { context, blocked } = await offlineContext(browser, origin);
    try {
      const page = await context.newPage();
      await page.goto(`${origin}${CDN_PAGE_PATH}`);
      await expect.poll(() => blocked.some((u) => new URL(u).hostname === 'unpkg.com')).toBe(true);
      // Without its CDN scripts the default page never becomes GraphiQL.
      expect(await page.locator('.graphiql-container').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('asks for a token before any schema request, then loads the schema: docs list Query’s fields and a query runs', async () => {
    const tenant = await t.newTenant(['read']);
    const { context, blocked } = await offlineContext(browser, origin);
    try {
      const page = await context.newPage();
      const graphqlPosts = recordGraphQLPosts(page);
      await page.goto(t.url);
      const input = page.locator('#token-form input[type=password]');
      await input.waitFor();
      // The prompt is all there is: no GraphiQL yet, so no introspection and no UNAUTHENTICATED to show.
      expect(await page.locator('.graphiql-container').count()).toBe(0);
      expect(graphqlPosts).toEqual([]);
      expect(await page.locator('body').textContent()).not.toMatch(/UNAUTHENTICATED|Error fetching schema/);

      await input.fill(tenant.token);
      await input.press('Enter');
      await page
        .locator('button.graphiql-execute-button')
        .waitFor()
        .catch((cause: unknown) => {
          throw new Error(`GraphiQL did not render; requests blocked off the server: ${JSON.stringify(blocked)}`, {
            cause,
          });
        });
      // The docs work at once, with no re-fetch: the root type and its fields.
      await page.locator('button[aria-label="Show Documentation Explorer"]').click();
      await queryTypeLink(page).click();
      await page.locator('.graphiql-doc-explorer-field-name', { hasText: /^viewer$/ }).waitFor();
      const introspection = graphqlPosts.filter((p) => p.body.includes('__schema'));
      expect(introspection.length).toBeGreaterThan(0);
      expect(introspection.every((p) => p.authorization === `Bearer ${tenant.token}`)).toBe(true);
      // Closed again, so the picture below shows the query and its answer at full width.
      await page.locator('.graphiql-sidebar button[aria-label="Hide Documentation Explorer"]').click();

      // A query runs with the token, though the headers editor was never touched.
      await replaceEditorText(page, 'section.graphiql-query-editor', '{ viewer { tenant { name } } }');
      await page.locator('button.graphiql-execute-button').click();
      const result = '.graphiql-response';
      await expect.poll(() => editorText(page, result), { timeout: 30_000 }).toContain(tenant.tenantName);
      expect(await editorText(page, result)).not.toContain('errors');
      expect(await page.locator('body').textContent()).not.toMatch(/UNAUTHENTICATED|Error fetching schema/);
      // With the schema loaded the editor validates as you type: the query, once complete, has no error mark.
      await expect.poll(() => page.locator('section.graphiql-query-editor .squiggly-error').count()).toBe(0);

      // The token is sent by the page, never shown in an editor: the picture committed to the docs
      // holds no secret. It is written only when asked (WHEELHOUSE_SCREENSHOTS=1), so a run leaves the checkout clean.
      const png = await page.screenshot(
        process.env.WHEELHOUSE_SCREENSHOTS === '1' ? { path: 'docs/images/graphiql.png' } : {},
      );
      expect(png.length).toBeGreaterThan(10_000);
      expect(blocked).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('takes the console’s signed-in token from the tab’s session without asking', async () => {
    const tenant = await t.newTenant(['read']);
    const { context } = await offlineContext(browser, origin);
    try {
      // The console keeps its sign-in under this key (console/src/session.ts), in the same origin and tab.
      await context.addInitScript((token) => sessionStorage.setItem('wheelhouse.token', token), tenant.token);
      const page = await context.newPage();
      await page.goto(t.url);
      await page.locator('button[aria-label="Show Documentation Explorer"]').click();
      await queryTypeLink(page).waitFor();
      expect(await page.locator('#token-form').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('refuses an unknown token at the prompt and still fetches no schema', async () => {
    const { context } = await offlineContext(browser, origin);
    try {
      const page = await context.newPage();
      const graphqlPosts = recordGraphQLPosts(page);
      await page.goto(t.url);
      const input = page.locator('#token-form input[type=password]');
      await input.fill('whk_not-a-real-token');
      await input.press('Enter');
      await expect.poll(() => page.locator('#token-form [role=alert]').textContent()).toContain('not accepted');
      expect(graphqlPosts.map((p) => p.body)).toEqual([JSON.stringify({ query: '{ __typename }' })]);
      expect(await page.locator('.graphiql-container').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
