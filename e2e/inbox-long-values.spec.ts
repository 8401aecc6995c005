// A lead whose name, email, business and message are long unbroken strings, seen weeks overdue: on a
// phone neither the list nor the lead's page grows wider than the screen, and on a wide screen the table
// keeps every column in view, the long values cut short with the whole of each in its title.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { inboxTexts } from '../src/content/i18n/inbox.ts';
import { INBOX_PATH, inboxLeadPath } from '../src/shared/inbox.ts';
import { useLanguage, workerSession } from './inbox-session.ts';
import { viewports } from './pages.ts';
import { SITE_URL } from './servers.ts';

const [PHONE, DESKTOP] = viewports;
/** How far past its booking the browser's clock is set: the call-back clock then reads "18 days 3 hr overdue". */
const LATER_MS = ((18 * 24 + 3 + 24) * 60 + 10) * 60_000;

/** One lead with the longest unbroken values the form takes: a 100-character name among them. */
async function bookLongLead(api: APIRequestContext) {
  const tag = `long${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const lead = {
    first_name: `${tag}${'Щ'.repeat(100 - tag.length)}`,
    email: `${tag}${'e'.repeat(60 - tag.length)}@${'d'.repeat(60)}.example.com`,
    phone: '+359 88 555 0142',
    business_name: `${tag}${'B'.repeat(200 - tag.length)}`,
    service: 'Other',
    product: '',
    custom_service: `${tag}${'m'.repeat(400)}`,
    locale: 'bg',
  };
  const res = await api.post(`${SITE_URL}/api/discovery-calls`, { data: lead });
  expect(res.status()).toBe(201);
  return { ...lead, tag, id: ((await res.json()) as { id: string }).id };
}

/** The elements wider than the screen, and whether the page itself scrolls sideways. */
function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().width > width + 0.5)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${Math.round(el.getBoundingClientRect().width)} px`);
    if (document.documentElement.scrollWidth > width) out.push(`the page scrolls to ${document.documentElement.scrollWidth} px`);
    return out;
  });
}

test.beforeEach(async ({ context }) => context.addCookies(await workerSession()));

for (const locale of ['en', 'bg'] as const) {
  test(`in ${locale}, a lead of long unbroken values stays within a phone's screen, on the list and on its page`, async ({ page, request }) => {
    const lead = await bookLongLead(request);
    await useLanguage(page, locale);
    await page.clock.install({ time: Date.now() + LATER_MS });
    await page.setViewportSize(PHONE);

    await page.goto(`${INBOX_PATH}?q=${lead.tag}`);
    await expect(page.getByRole('link', { name: lead.first_name })).toBeVisible();
    expect(await widerThanScreen(page), 'the list').toEqual([]);

    await page.goto(inboxLeadPath(lead.id));
    await expect(page.getByRole('heading', { level: 1, name: lead.first_name })).toBeVisible();
    // The page shows every value whole.
    for (const value of [lead.email, lead.business_name, lead.custom_service]) await expect(page.getByText(value).first()).toBeVisible();
    expect(await widerThanScreen(page), "the lead's page").toEqual([]);
  });

  test(`in ${locale}, the table keeps every column in view on a wide screen beside a lead of long unbroken values`, async ({ page, request }) => {
    const t = inboxTexts[locale];
    const lead = await bookLongLead(request);
    await useLanguage(page, locale);
    await page.clock.install({ time: Date.now() + LATER_MS });
    await page.setViewportSize(DESKTOP);

    await page.goto(`${INBOX_PATH}?q=${lead.tag}`);
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: lead.first_name })).toBeVisible();
    const c = t.list.columns;
    const headers = [c.name, c.business, c.service, c.status, c.received, c.clock];
    await expect(table.getByRole('columnheader')).toHaveText(headers);

    // Every header and every cell of the lead's row lies inside the screen and inside the table's frame,
    // and what shows of its text (up to the edge of a box that cuts it short) inside its own box.
    const outside = await table.evaluate((el) => {
      const frame = el.parentElement!.getBoundingClientRect();
      const right = Math.min(frame.right, document.documentElement.clientWidth);
      const out: string[] = [];
      for (const cell of el.querySelectorAll('th, tbody tr:first-child td')) {
        const box = cell.getBoundingClientRect();
        const name = `"${(cell.textContent ?? '').slice(0, 30)}"`;
        if (box.left < frame.left - 0.5 || box.right > right + 0.5) out.push(`${name}: cell ${Math.round(box.left)}–${Math.round(box.right)} outside ${Math.round(frame.left)}–${Math.round(right)}`);
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          let shown = range.getBoundingClientRect().right;
          for (let up = node.parentElement; up && up !== cell; up = up.parentElement) {
            if (getComputedStyle(up).overflowX !== 'visible') shown = Math.min(shown, up.getBoundingClientRect().right);
          }
          if (shown > box.right + 0.5) out.push(`${name}: text shows up to ${Math.round(shown)}, past its cell's ${Math.round(box.right)}`);
        }
      }
      return out;
    });
    expect(outside).toEqual([]);

    // The long values are cut short in the table, each whole in its title.
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: lead.first_name }) });
    await expect(row.getByTitle(lead.first_name)).toBeVisible();
    await expect(row.getByTitle(lead.business_name)).toBeVisible();
    await expect(row).toContainText(t.clock.overdue.replace('{time}', ''));
  });
}
