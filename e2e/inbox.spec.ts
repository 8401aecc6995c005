// The leads inbox against the built server: an operator account made with the operator command, a lead
// booked through the public API, then the operator's whole round in the browser: log in, see the lead
// new, find it, open it, call it contacted with a note, see both on the timeline, go back to the same
// list, and export the CSV and read it back. Then axe on every page in both languages at both widths.
//
// Other specs share this server and its database: every lead here has its own names, found by search,
// and nothing assumes a list that is empty or in any order beyond "newest first". Log-ins are limited
// per address (10 in 15 minutes), so the browser logs in by its form twice in the whole file and every
// other test reuses one session made through the API.
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bookingTexts } from '../src/content/i18n/booking.ts';
import { format } from '../src/content/i18n/format.ts';
import { inboxTexts } from '../src/content/i18n/inbox.ts';
import type { CallbackJson } from '../src/shared/callbacks.ts';
import type { ConversationJson } from '../src/shared/conversations.ts';
import { INBOX_API, INBOX_PATH, type InboxSession, type LeadView } from '../src/shared/inbox.ts';
import { webhookChannel } from '../src/server/notifications/channels/webhook.ts';
import { readLeadsCsv } from '../src/server/testing/csv.ts';
import { addOperator, expectAxeClean, sessionOf, useLanguage, type SessionCookies } from './inbox-session.ts';
import { uniqueEmail } from './leads.ts';
import { viewports } from './pages.ts';
import { SITE_URL } from './servers.ts';

// Each worker runs beforeAll, so each makes its own account.
const OPERATOR = `operator.${process.pid}.${Date.now()}@nexa-ai.example`;
const PASSWORD = 'correct horse battery staple';
/** The session every test but the log-in's own uses (made once per worker in beforeAll). */
let sessionCookies: SessionCookies = [];
/** A business name a spreadsheet would run as a formula, were the export not to neutralise it. */
const FORMULA = "=cmd|' /C calc'!A0";

/** A lead booked as the public form books one; its names carry `tag`, so a search finds it alone. */
async function bookLead(api: APIRequestContext, tag: string, overrides: Record<string, string> = {}) {
  const email = uniqueEmail(`inbox-${tag}`);
  const res = await api.post(`${SITE_URL}/api/discovery-calls`, {
    data: {
      first_name: `Иванка ${tag}`,
      email,
      phone: '+359 88 555 0142',
      business_name: FORMULA,
      service: 'Conversion Systems',
      product: 'Website Rebuild & Optimization',
      custom_service: '',
      locale: 'bg',
      ...overrides,
    },
  });
  expect(res.status()).toBe(201);
  return { email, name: overrides.first_name ?? `Иванка ${tag}`, id: ((await res.json()) as { id: string }).id };
}

/** Whatever tag a test's leads share: digits and letters only, so it is one word to search for. */
const tagOf = (what: string) => `${what}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.beforeAll(async () => {
  addOperator(OPERATOR, PASSWORD);
  // One session for every test that does not test the log-in itself.
  sessionCookies = await sessionOf(OPERATOR, PASSWORD);
});

test.describe('an operator', () => {
  test('logs in by keyboard, works a new lead to "contacted" with a note, and exports it', async ({ page, request }) => {
    const t = inboxTexts.en;
    // The inbox's own policy refuses nothing it does (docs/decisions/011-inbox-page.md).
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) refused.push(m.text());
    });
    await useLanguage(page, 'en');
    await page.setViewportSize({ width: 1440, height: 900 });
    const tag = tagOf('journey');
    const lead = await bookLead(request, tag);
    await bookLead(request, `${tag}x`, { first_name: `Other ${tag}x`, business_name: 'Somebody Else Ltd' });

    // The form, by keyboard alone: a wrong password first, answered in the inbox's language.
    await page.goto(INBOX_PATH);
    await expect(page.getByRole('heading', { level: 1, name: t.login.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: t.skipToContent })).toBeFocused();
    await page.getByLabel(t.login.email).focus();
    await page.keyboard.type(OPERATOR);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(t.login.password)).toBeFocused();
    await page.keyboard.type('not the password at all');
    await page.keyboard.press('Enter');
    await expect(page.getByText('The email or password is not correct.')).toBeVisible();
    await expect(page.getByLabel(t.login.email), 'what was typed stays').toHaveValue(OPERATOR);
    await page.getByLabel(t.login.password).fill(PASSWORD);
    await page.keyboard.press('Enter');

    // The list: the new lead stands out as unseen, with its call-back clock running.
    await expect(page.getByRole('heading', { level: 1, name: t.list.title })).toBeVisible();
    const unseenLink = page.getByRole('link', { name: `${t.list.unseen}: ${lead.name}` });
    await expect(unseenLink).toBeVisible();
    const row = page.getByRole('row').filter({ has: unseenLink });
    await expect(row).toContainText(FORMULA);
    await expect(row).toContainText(bookingTexts.en.services['Conversion Systems']);
    await expect(row).toContainText(t.statuses.pending);
    await expect(row).toContainText(/23 hr 5\d min left|24 hr left/);

    // Found by search, alone; the search lives in the address.
    await page.getByLabel(t.filters.search).fill(lead.email);
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(lead.email).replace(/\./g, '\\.')}$`));
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row).toBeVisible();

    // Opened by keyboard: focus moves to the lead's heading; opening it marks it seen.
    await unseenLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${SITE_URL}${INBOX_PATH}/leads/${lead.id}`);
    const heading = page.getByRole('heading', { level: 1, name: lead.name });
    await expect(heading).toBeFocused();
    await expect(page.getByRole('link', { name: t.lead.call })).toHaveAttribute('href', 'tel:+359885550142');
    await expect(page.getByRole('link', { name: t.lead.email, exact: true })).toHaveAttribute('href', `mailto:${lead.email}`);
    const details = page.getByRole('region', { name: t.lead.details });
    await expect(details).toContainText(bookingTexts.en.services['Conversion Systems']);
    await expect(details).toContainText('Website Rebuild & Optimization');
    await expect(details).toContainText(t.locales.bg);

    // Contacted, with a note: an empty note is refused in words first, and nothing is sent.
    const contacted = page.getByRole('button', { name: t.statuses.contacted });
    await contacted.focus();
    await page.keyboard.press('Space');
    await expect(contacted).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: format(t.lead.statusSaved, { status: t.statuses.contacted }) })).toBeVisible();
    await page.getByRole('button', { name: t.lead.addNote }).click();
    await expect(page.getByText(t.lead.noteEmpty)).toBeVisible();
    const note = `Called back, a demo on Thursday (${tag}).\nSecond line.`;
    await page.getByLabel(t.lead.note).fill(note);
    await page.getByRole('button', { name: t.lead.addNote }).click();
    await expect(page.getByText(t.lead.noteSaved)).toBeVisible();
    await expect(page.getByLabel(t.lead.note)).toHaveValue('');

    const timeline = page.getByRole('region', { name: t.lead.timeline });
    await expect(timeline).toContainText(t.events.created);
    await expect(timeline).toContainText(format(t.events.status, { detail: t.statuses.contacted }));
    await expect(timeline.getByText(`Called back, a demo on Thursday (${tag}).`)).toBeVisible();
    await expect(timeline).toContainText(format(t.byOperator, { email: OPERATOR }));

    // Back to the same list: the search kept, the lead now read and contacted.
    await page.getByRole('link', { name: t.lead.back }).click();
    await expect(page).toHaveURL(new RegExp(`${INBOX_PATH}\\?q=`));
    await expect(page.getByLabel(t.filters.search)).toHaveValue(lead.email);
    const seenLink = page.getByRole('link', { name: lead.name, exact: true });
    await expect(seenLink).toBeVisible();
    await expect(page.getByRole('row').filter({ has: seenLink })).toContainText(t.statuses.contacted);

    // The exports of this filter: one lead, with a BOM, Cyrillic intact and the formula made text, headed in
    // the inbox's language; the Excel shape with semicolons.
    const query = `?q=${encodeURIComponent(lead.email)}`;
    const exports = [
      ['csv', t.list.exportCsv, `${INBOX_API.export}${query}&lang=en`],
      ['excel', t.list.exportExcel, `${INBOX_API.export}${query}&lang=en&shape=excel`],
    ] as const;
    for (const [shape, name, href] of exports) {
      const exportLink = page.getByRole('link', { name });
      await expect(exportLink).toHaveAttribute('href', href);
      const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
      const records = readLeadsCsv(fs.readFileSync(await download.path(), 'utf8'), { shape, locale: 'en' });
      expect(records).toHaveLength(1);
      // The status as a word for people (Excel's shape), as its code for tools.
      expect(records[0]).toMatchObject({ first_name: `Иванка ${tag}`, email: lead.email, business_name: `'${FORMULA}`, status: shape === 'excel' ? t.statuses.contacted : 'contacted' });
    }

    // And out: the log-in form again, and the list is no longer there.
    await page.getByRole('button', { name: t.logout }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.login.title })).toBeVisible();
    expect((await page.request.get(INBOX_API.me)).status()).toBe(401);
    expect(refused).toEqual([]);
  });
});

test.describe('the inbox, logged in', () => {
  test.beforeEach(async ({ context }) => context.addCookies(sessionCookies));

  test('keeps its filters in the address: back and forward step through them, a link opens them', async ({ page, request }) => {
    const t = inboxTexts.en;
    await useLanguage(page, 'en');
    await page.setViewportSize({ width: 1440, height: 900 });
    const tag = tagOf('filters');
    const lead = await bookLead(request, tag);

    await page.goto(`${INBOX_PATH}?q=${tag}`);
    await expect(page.getByRole('link', { name: `${t.list.unseen}: ${lead.name}` })).toBeVisible();
    await page.getByLabel(t.filters.status).selectOption('won');
    await expect(page).toHaveURL(`${SITE_URL}${INBOX_PATH}?q=${tag}&status=won`);
    await expect(page.getByText(t.list.empty)).toBeVisible();
    await page.getByLabel(t.filters.unseen).check();
    await expect(page).toHaveURL(/status=won&unseen=true$/);

    await page.goBack();
    await expect(page).toHaveURL(/status=won$/);
    await expect(page.getByLabel(t.filters.unseen)).not.toBeChecked();
    await page.goBack();
    await expect(page.getByLabel(t.filters.status)).toHaveValue('');
    await expect(page.getByRole('link', { name: `${t.list.unseen}: ${lead.name}` })).toBeVisible();
    await page.goForward();
    await expect(page.getByLabel(t.filters.status)).toHaveValue('won');

    // A shared link with a bad value opens with the rest of its filters.
    await page.goto(`${INBOX_PATH}?q=${tag}&status=archived&locale=bg`);
    await expect(page.getByLabel(t.filters.language)).toHaveValue('bg');
    await expect(page.getByLabel(t.filters.status)).toHaveValue('');
    await expect(page.getByRole('link', { name: `${t.list.unseen}: ${lead.name}` })).toBeVisible();
  });

  test('finds a phone typed the national way by its international digits, and dials it in E.164', async ({ page, request }) => {
    const t = inboxTexts.en;
    await useLanguage(page, 'en');
    await page.setViewportSize({ width: 1440, height: 900 });
    const tag = tagOf('phone');
    // A number no other lead of the shared server is likely to have: its last six digits from the clock.
    const digits = String(Date.now()).slice(-6).padStart(6, '0');
    const lead = await bookLead(request, tag, { phone: `0888 ${digits.slice(0, 3)} ${digits.slice(3)}` });

    await page.goto(`${INBOX_PATH}?q=${encodeURIComponent(`+359 888 ${digits}`)}`);
    const link = page.getByRole('link', { name: `${t.list.unseen}: ${lead.name}` });
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: lead.name })).toBeVisible();
    const tel = `tel:+359888${digits}`;
    await expect(page.getByRole('link', { name: t.lead.call })).toHaveAttribute('href', tel);
    // The details show the number as the visitor typed it, and dial the same E.164.
    const typed = page.getByRole('region', { name: t.lead.details }).getByRole('link', { name: `0888 ${digits.slice(0, 3)} ${digits.slice(3)}` });
    await expect(typed).toHaveAttribute('href', tel);
  });

  test('switches language in place, remembers it, and answers in it', async ({ page }) => {
    // The browser prefers English (the context's locale), and nothing is remembered yet.
    await page.goto(INBOX_PATH);
    await expect(page.getByRole('heading', { level: 1, name: inboxTexts.en.list.title })).toBeVisible();
    await page.getByRole('group', { name: inboxTexts.en.language }).getByRole('button', { name: 'bg' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bg');
    await expect(page.getByRole('heading', { level: 1, name: inboxTexts.bg.list.title })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('inbox-language'))).toBe('bg');
    await page.goto(`${INBOX_PATH}/leads/no-such-lead`);
    await expect(page.getByRole('heading', { level: 1, name: inboxTexts.bg.lead.notFoundTitle })).toBeVisible();
  });

  /**
   * The test server has no channel set up, so its session is amended on the way: `set` channels set up
   * (the webhook failing, with its service's words), as a site with them would describe them.
   */
  async function withChannels(page: Page, set: string[]) {
    await page.route(INBOX_API.me, async (route) => {
      const response = await route.fetch();
      const session = (await response.json()) as InboxSession;
      const channels = session.channels.map((c) =>
        set.includes(c.name) ? { ...c, configured: true, health: c.name === 'webhook' ? 'failing' : 'ok', last_error: c.name === 'webhook' ? 'answered 410 Gone' : null } : c,
      );
      await route.fulfill({ response, json: { ...session, failing_channels: set.includes('webhook') ? ['webhook'] : [], channels } });
    });
  }

  test('warns, naming the channel in words and its service’s own, while a notification channel keeps failing', async ({ page }) => {
    await withChannels(page, ['webhook']);
    for (const locale of ['en', 'bg'] as const) {
      const t = inboxTexts[locale];
      await useLanguage(page, locale);
      await page.goto(INBOX_PATH);
      const warning = page.getByRole('region', { name: t.failing.title });
      await expect(warning).toContainText(format(t.failing.body, { channels: webhookChannel.names[locale].phrase }));
      await expect(warning).toContainText(`${webhookChannel.names[locale].name}: answered 410 Gone`);
    }
  });

  test('lists the channels set up on the overview, sends a sample through one by keyboard and says how it went, axe-clean', async ({ page }) => {
    await withChannels(page, ['webhook', 'slack', 'telegram']);
    let samples = 0;
    await page.route('**/api/admin/channels/*/sample', (route) => {
      samples++;
      const slack = route.request().url().includes('/slack/');
      return slack
        ? route.fulfill({ status: 200, json: { sent: true } })
        : route.fulfill({ status: 502, json: { error: 'The service did not take the sample: answered 400 Bad Request: chat not found' } });
    });
    for (const locale of ['en', 'bg'] as const) {
      const t = inboxTexts[locale];
      const n = t.notificationChannels;
      await useLanguage(page, locale);
      await page.goto(`${INBOX_PATH}/overview`);
      const card = page.getByRole('region', { name: n.title });
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByRole('listitem')).toHaveCount(3);
      await expect(card.getByRole('listitem').filter({ hasText: webhookChannel.names[locale].name })).toContainText(n.failing);
      // The webhook takes no sample; Slack and Telegram do, each button named with its channel.
      await expect(card.getByRole('button')).toHaveCount(2);
      const slack = card.getByRole('button', { name: `${n.sample} · Slack` });
      await slack.focus();
      await page.keyboard.press('Enter');
      await expect(card.getByRole('status')).toHaveText(format(n.sent, { channel: 'Slack' }));
      await card.getByRole('button', { name: `${n.sample} · Telegram` }).click();
      await expect(card.getByRole('status')).toContainText('chat not found');
      await expectAxeClean(page, `channels ${locale}`);
    }
    expect(samples).toBe(4);
  });

  /**
   * The test server places no calls, so the lead's page is amended on the way: the lead asked Alex to
   * call, the first try rang unanswered, the second waits for the calling hours until it is stopped.
   */
  function withCallbacks(view: LeadView, stopped: boolean): LeadView {
    const tried = new Date(Date.parse(view.lead.created_at) + 60_000).toISOString();
    const call = (attempt: number, fields: Partial<CallbackJson>): CallbackJson => ({
      callId: `call-${attempt}`,
      conversationId: `cv-${attempt}`,
      attempt,
      status: 'ended',
      outcome: null,
      scheduledFor: null,
      startedAt: null,
      durationSeconds: null,
      createdAt: tried,
      ...fields,
    });
    const missed: ConversationJson = {
      id: 'cv-1',
      channel: 'voice',
      locale: 'bg',
      leadId: view.lead.id,
      leadName: view.lead.first_name,
      startedAt: null,
      endedAt: tried,
      durationSeconds: null,
      endedReason: 'customer-did-not-answer',
      summary: null,
      transcript: [],
      recordingUrl: null,
      cost: null,
      reported: true,
      createdAt: tried,
    };
    return {
      ...view,
      lead: { ...view.lead, callback_consent_at: view.lead.created_at, callback_consent_version: '2026-12-01' },
      conversations: [...view.conversations, missed],
      callbacks: [
        call(1, { outcome: 'no-answer', scheduledFor: tried }),
        call(2, { status: stopped ? 'ended' : 'scheduled', outcome: stopped ? 'stopped' : null, scheduledFor: new Date(Date.now() + 20 * 3_600_000).toISOString() }),
      ],
    };
  }

  test("shows Alex's calls back on the lead's page, follows them live, stops them by keyboard and says so, axe-clean", async ({ page, request }) => {
    const lead = await bookLead(request, tagOf('callback'));
    let stopped = false;
    let reads = 0;
    let stops = 0;
    await page.route(
      (url) => url.pathname === INBOX_API.lead(lead.id) || url.pathname === INBOX_API.seen(lead.id),
      async (route) => {
        if (route.request().method() === 'GET') reads++;
        const response = await route.fetch();
        const body = await response.text();
        // An answer without the lead (the mark as seen may have none) passes as it is.
        if (!body) return route.fulfill({ response });
        await route.fulfill({ response, json: withCallbacks(JSON.parse(body) as LeadView, stopped) });
      },
    );
    // The stop answers the lead as it now is, a moment later: long enough to be seen under way.
    await page.route(
      (url) => url.pathname === INBOX_API.callbackStop(lead.id),
      async (route) => {
        stops++;
        stopped = true;
        const response = await route.fetch({ method: 'GET', url: `${SITE_URL}${INBOX_API.lead(lead.id)}` });
        const view = withCallbacks((await response.json()) as LeadView, true);
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.fulfill({ status: 200, json: view });
      },
    );
    await page.setViewportSize({ width: 390, height: 844 });
    for (const locale of ['en', 'bg'] as const) {
      const t = inboxTexts[locale];
      const c = t.callback;
      const assistant = t.assistants.voice;
      stopped = false;
      await useLanguage(page, locale);
      await page.goto(`${INBOX_PATH}/leads/${lead.id}`);
      const card = page.getByRole('region', { name: format(c.title, { assistant }) });
      await expect(card).toContainText(c.states.scheduled.split('{time}')[0]!.trim());
      const tries = card.getByRole('listitem');
      await expect(tries).toHaveCount(2);
      await expect(tries.first()).toContainText(format(c.try, { attempt: 1 }));
      await expect(tries.first()).toContainText(c.states['no-answer']);
      // Only the try that has a conversation links to it, named for its try.
      await expect(card.getByRole('link')).toHaveCount(1);
      await expect(card.getByRole('link', { name: `${c.conversation} ${format(c.conversationOf, { attempt: 1 })}` })).toHaveAttribute('href', '#conversation-cv-1');
      await expectAxeClean(page, `callback ${locale}`);
      await card.getByRole('link').click();
      await expect(page.locator('#conversation-cv-1')).toBeInViewport();

      // While a call is to come, the lead is read again every few seconds.
      const before = reads;
      await expect.poll(() => reads, { timeout: 12_000 }).toBeGreaterThan(before);

      const stop = card.getByRole('button', { name: c.stop });
      await stop.focus();
      await page.keyboard.press('Enter');
      await expect(card.getByRole('status')).toHaveText(c.stopping);
      await expect(card.getByRole('status')).toHaveText(format(c.stopped, { assistant }));
      await expect(card).toContainText(c.states.stopped);
      await expect(stop).toHaveCount(0);
      // The focus stays in the card, on what the calls now are.
      await expect(card.locator(':focus')).toHaveText(c.states.stopped);
      await expectAxeClean(page, `callback stopped ${locale}`);
    }
    expect(stops).toBe(2);
    // Nothing left to follow: the lead is read no more.
    const after = reads;
    await page.waitForTimeout(6_000);
    expect(reads).toBe(after);
  });

  test('shows cards on a phone and a table on a wide screen, never wider than the screen', async ({ page, request }) => {
    const t = inboxTexts.bg;
    await useLanguage(page, 'bg');
    const tag = tagOf('layout');
    const lead = await bookLead(request, tag);
    for (const vp of viewports) {
      await page.setViewportSize(vp);
      await page.goto(`${INBOX_PATH}?q=${tag}`);
      // Seen by the phone's round by the time the desktop's starts: found by its name alone.
      await expect(page.getByRole('link', { name: lead.name })).toBeVisible();
      await expect(page.getByRole('table')).toBeVisible({ visible: vp.name === 'desktop' });
      await expect(page.getByRole('list', { name: t.list.title })).toBeVisible({ visible: vp.name === 'phone' });
      for (const where of [INBOX_PATH, `${INBOX_PATH}/leads/${lead.id}`, `${INBOX_PATH}/overview`]) {
        await page.goto(where);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} at ${vp.width}`).toBeLessThanOrEqual(vp.width);
      }
    }
  });

  for (const locale of ['en', 'bg'] as const) {
    for (const vp of viewports) {
      test(`is axe-clean in ${locale} on a ${vp.name}: list, filters, overview, lead page`, async ({ page, request }) => {
        // Four pages, four axe runs.
        test.slow();
        const t = inboxTexts[locale];
        await useLanguage(page, locale);
        await page.setViewportSize(vp);
        const tag = tagOf(`axe${locale}${vp.name}`);
        const lead = await bookLead(request, tag);

        await page.goto(INBOX_PATH);
        await expect(page.getByRole('link', { name: `${t.list.unseen}: ${lead.name}` })).toBeVisible();
        if (vp.name === 'phone') await page.getByRole('button', { name: t.filters.toggle }).click();
        await expectAxeClean(page, 'list');

        await page.goto(`${INBOX_PATH}/overview`);
        await expect(page.getByRole('img', { name: new RegExp(t.chart.perDay) })).toBeVisible();
        await expectAxeClean(page, 'overview');

        await page.goto(`${INBOX_PATH}/leads/${lead.id}`);
        await expect(page.getByRole('heading', { level: 1, name: lead.name })).toBeVisible();
        await page.getByRole('button', { name: t.lead.addNote }).click();
        await expect(page.getByText(t.lead.noteEmpty)).toBeVisible();
        await expectAxeClean(page, 'lead');
      });
    }
  }
});

test.describe('the log-in form', () => {
  for (const locale of ['en', 'bg'] as const) {
    for (const vp of viewports) {
      test(`is axe-clean in ${locale} on a ${vp.name}`, async ({ page }) => {
        await useLanguage(page, locale);
        await page.setViewportSize(vp);
        await page.goto(INBOX_PATH);
        await expect(page.getByRole('heading', { level: 1, name: inboxTexts[locale].login.title })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await page.getByRole('button', { name: inboxTexts[locale].login.submit }).click();
        await expect(page.getByText(inboxTexts[locale].login.required)).toBeVisible();
        await expectAxeClean(page, 'log-in');
      });
    }
  }

  test('is sent with its own strict headers, never cached nor indexed', async ({ request }) => {
    const res = await request.get(`${INBOX_PATH}/leads/anything`);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('no-store');
    expect(res.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers()['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self'; /);
    expect(await request.get('/robots.txt').then((r) => r.text())).not.toContain('/admin');
  });
});
