import { axeBuilder } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { fieldId } from '../src/client/booking/field-binding.ts';
import { AWAKE_ATTRIBUTE, ISLAND_ATTRIBUTE } from '../src/client/island-names.ts';
import { FUNNEL_PATH } from '../src/shared/funnel.ts';
import { leadsByEmail, uniqueEmail } from './leads.ts';
import { holdRequests, hydrated, languages, PAGE_ENTRY_SCRIPT, viewports } from './pages.ts';
import { present } from '../tools/browser.ts';

type T = (typeof languages)[number]['t'];
const en = languages[0].t;

async function openFromTopBar(page: Page, t: T) {
  await page.getByRole('banner').getByRole('button', { name: t.nav.bookCall }).click();
  await expect(page.getByRole('dialog', { name: t.booking.title })).toBeVisible();
  // Found without its name from here on: the thank-you panel gives the dialog a new one.
  return page.getByRole('dialog');
}

async function fillStep1(page: Page, t: T, email: string) {
  await page.getByLabel(t.booking.firstName, { exact: true }).fill('  Georgi ');
  await page.getByLabel(t.booking.email).fill(email.toUpperCase());
  await page.getByLabel(t.booking.phone).fill('+359 88 555 0101');
}

for (const { locale, path, t } of languages) {
  for (const vp of viewports) {
    test(`books a call end to end in ${locale} on a ${vp.name}`, async ({ page }) => {
      await page.setViewportSize(vp);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);

      const topButton = page.getByRole('banner').getByRole('button', { name: t.nav.bookCall });
      // On phones only the first word of the label shows; the accessible name stays whole.
      const shown = await topButton.evaluate((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
      expect(shown).toBe(vp.name === 'phone' ? t.nav.bookCall.split(' ')[0] : t.nav.bookCall);

      const dialog = await openFromTopBar(page, t);
      const email = uniqueEmail(`journey-${locale}-${vp.name}`);
      await expect(dialog).toContainText(t.booking.stepOf.replace('{step}', '1').replace('{total}', '3'));
      const next = dialog.getByRole('button', { name: t.booking.next, exact: true });
      const back = dialog.getByRole('button', { name: t.booking.back, exact: true });
      await expect(back).toBeDisabled();
      await expect(next).toBeDisabled();
      await fillStep1(page, t, email);
      await next.click();

      await page.getByLabel(t.booking.businessName).fill('Georgiev Auto');
      await expect(next).toBeDisabled();
      await page.getByLabel(t.booking.service).selectOption({ label: t.booking.services['A.I Lead Generation'] });
      await next.click();

      const send = dialog.getByRole('button', { name: t.booking.send });
      await expect(send).toBeDisabled();
      await dialog.getByRole('radio', { name: t.products['Prospect Scraping System'] }).check();
      await send.click();

      await expect(dialog.getByRole('heading', { name: t.booking.thankYou.title })).toBeVisible();
      await expect(dialog).toContainText(t.booking.thankYou.callback);
      await expect(dialog).toContainText(t.booking.thankYou.phoneHint);

      expect(leadsByEmail(email.toLowerCase())).toMatchObject([
        {
          first_name: 'Georgi',
          email: email.toLowerCase(),
          phone: '+359 88 555 0101',
          business_name: 'Georgiev Auto',
          service: 'A.I Lead Generation',
          product: 'Prospect Scraping System',
          custom_service: '',
          status: 'pending',
          locale,
        },
      ]);

      await dialog.getByRole('button', { name: t.booking.close, exact: true }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(topButton).toBeFocused();
    });
  }
}

test('the Other path asks for a description and stores it without a product', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: en.hero.cta }).first().click();
  const email = uniqueEmail('other');
  await fillStep1(page, en, email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(en.booking.businessName).fill('Corner Bakery');
  await page.getByLabel(en.booking.service).selectOption('Other');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.getByLabel(en.booking.customService).fill('  Take phone orders for cakes ');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Request!' })).toBeVisible();
  expect(leadsByEmail(email.toLowerCase())).toMatchObject([
    { service: 'Other', product: '', custom_service: 'Take phone orders for cakes' },
  ]);
});

test('a failed request shows the red box, editing clears it, a proxy\'s hiccup is sent again by itself, and the retry stores exactly one lead', async ({ page }) => {
  const keys: string[] = [];
  let attempts = 0;
  await page.route('**/api/discovery-calls', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    attempts++;
    if (attempts === 1) {
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'We could not save your request right now.', retryable: true }),
      });
    } else if (attempts <= 4) {
      // The connection down for the send and both of its automatic retries.
      await route.abort('internetdisconnected');
    } else if (attempts === 5) {
      // An instance stopping behind the proxy: sent again by itself, without a word to the visitor.
      await route.fulfill({ status: 502, body: '' });
    } else {
      await route.continue();
    }
  });

  await page.goto('/');
  await page.getByRole('button', { name: en.bottomCTA.button }).last().click();
  const email = uniqueEmail('retry');
  await fillStep1(page, en, email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(en.booking.businessName).fill('Retry Ltd');
  await page.getByLabel(en.booking.service).selectOption('Support Automation');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'All of the above' }).check();

  const send = page.getByRole('button', { name: 'Send Request' });
  await send.click();
  const alert = page.getByRole('dialog').getByRole('alert');
  await expect(alert).toHaveText('We could not save your request right now.');
  await expect(page.getByRole('radio', { name: 'All of the above' })).toBeVisible();

  await page.getByRole('radio', { name: 'Lead Capture Chat Assistant' }).check();
  await expect(alert).toHaveCount(0);

  await send.click();
  await expect(alert).toHaveText('Failed to submit form. Please try again.');
  await expect(send).toBeEnabled();

  await send.click();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Request!' })).toBeVisible();
  expect(attempts).toBe(6);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[\w-]{16,}$/);
  expect(leadsByEmail(email.toLowerCase())).toMatchObject([{ product: 'Lead Capture Chat Assistant' }]);
});

/** Fills the three steps on the page of `t`, ready to send. */
async function fillAll(page: Page, t: T, email: string) {
  await fillStep1(page, t, email);
  await page.getByRole('button', { name: t.booking.next }).click();
  await page.getByLabel(t.booking.businessName).fill('Limit Ltd');
  await page.getByLabel(t.booking.service).selectOption('Support Automation');
  await page.getByRole('button', { name: t.booking.next }).click();
  await page.getByRole('radio', { name: t.products['All of the above'] }).check();
}

for (const { locale, path, t } of languages) {
  test(`over the limit, the dialog says in ${locale} when to try again and keeps what was typed`, async ({ page }) => {
    // The server counts before it reads the body, so its own message follows Accept-Language; the
    // dialog words its own from Retry-After in the page's language.
    await page.route('**/api/discovery-calls', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '380' },
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Too many requests from your connection. Please try again in 7 minutes.', retryable: true }),
      }),
    );
    await page.goto(path);
    const dialog = await openFromTopBar(page, t);
    await fillAll(page, t, 'limit@example.com');
    await dialog.getByRole('button', { name: t.booking.send }).click();

    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText(t.booking.tooManyRequests.other.replace('{minutes}', '7'));
    await expect(alert).toHaveText(
      locale === 'en'
        ? 'Too many requests from your connection. Please try again in 7 minutes.'
        : 'Твърде много заявки от вашата връзка. Моля, опитайте отново след 7 минути.',
    );
    expect((await axeBuilder(page).include('dialog').analyze()).violations).toEqual([]);
    await expect(dialog.getByRole('radio', { name: t.products['All of the above'] })).toBeChecked();
    await expect(dialog.getByRole('button', { name: t.booking.send })).toBeEnabled();
    await dialog.getByRole('button', { name: t.booking.back }).click();
    await expect(page.getByLabel(t.booking.businessName)).toHaveValue('Limit Ltd');
    await dialog.getByRole('button', { name: t.booking.back }).click();
    await expect(page.getByLabel(t.booking.firstName, { exact: true })).toHaveValue('  Georgi ');
    await expect(page.getByLabel(t.booking.phone)).toHaveValue('+359 88 555 0101');
  });
}

test('when an earlier send of the form reached us with other details (422), the next send is a new request', async ({ page }) => {
  const keys: string[] = [];
  await page.route('**/api/discovery-calls', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      await route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: 'Idempotency-Key reused' }) });
    } else {
      await route.continue();
    }
  });
  await page.goto('/');
  const dialog = await openFromTopBar(page, en);
  const email = uniqueEmail('reused-key');
  await fillAll(page, en, email);
  await dialog.getByRole('button', { name: en.booking.send }).click();
  await expect(dialog.getByRole('alert')).toHaveText(en.booking.alreadySent);

  await dialog.getByRole('button', { name: en.booking.send }).click();
  await expect(dialog.getByRole('heading', { name: en.booking.thankYou.title })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).not.toBe(keys[0]);
  expect(leadsByEmail(email.toLowerCase())).toHaveLength(1);
});

test('shows "Sending..." and allows no second submit while in flight', async ({ page }) => {
  let posts = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/discovery-calls', async (route) => {
    posts++;
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('button', { name: en.hero.cta }).first().click();
  const email = uniqueEmail('sending');
  await fillStep1(page, en, email);
  await page.keyboard.press('Enter');
  await page.getByLabel(en.booking.businessName).fill('Once Only');
  await page.getByLabel(en.booking.service).selectOption('Conversion Systems');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Website Rebuild & Optimization' }).check();
  await page.getByRole('button', { name: 'Send Request' }).click();

  const sending = page.getByRole('button', { name: 'Sending...' });
  await expect(sending).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  await page.keyboard.press('Enter');
  release();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Request!' })).toBeVisible();
  expect(posts).toBe(1);
  expect(leadsByEmail(email.toLowerCase())).toHaveLength(1);
});

for (const how of ['the X button', 'Escape', 'a backdrop click'] as const) {
  test(`closing with ${how} keeps every field and the step until it is sent, and opens on that step's field`, async ({ page }) => {
    await page.goto('/');
    const dialog = await openFromTopBar(page, en);
    await fillStep1(page, en, 'reset@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(en.booking.businessName).fill('Half Done');

    if (how === 'the X button') await dialog.getByRole('button', { name: en.booking.closeDialog }).click();
    else if (how === 'Escape') await page.keyboard.press('Escape');
    else await page.mouse.click(5, 400);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: en.nav.bookCall })).toBeFocused();

    await openFromTopBar(page, en);
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(page.getByLabel(en.booking.businessName)).toHaveValue('Half Done');
    await expect(page.getByLabel(en.booking.businessName)).toBeFocused();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel(en.booking.email)).toHaveValue(/^reset@example\.com$/i);
  });
}

test('once the visitor is there and the page idle, before they reach for anything, the dialog waits drawn and closed (never before): it reports nothing, opens straight on its first field, and after a close on the step the visitor was on', async ({ page }) => {
  // Every element inside the dialog that takes focus, in order, and every funnel step the page reports.
  await page.addInitScript((funnelPath) => {
    const w = window as unknown as { focused: string[]; steps: string[] };
    w.focused = [];
    w.steps = [];
    document.addEventListener('focusin', (e) => {
      const el = e.target as HTMLElement;
      if (el.closest('dialog')) w.focused.push(el.id || el.getAttribute('aria-label') || el.tagName);
    });
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (String(url) === funnelPath && data instanceof Blob) {
        void data.text().then((body) => w.steps.push((JSON.parse(body) as { step: string }).step));
      }
      return send(url, data);
    };
  }, FUNNEL_PATH);
  const focused = () => page.evaluate(() => (window as unknown as { focused: string[] }).focused.splice(0));
  const reported = () => page.evaluate(() => (window as unknown as { steps: string[] }).steps);
  const drawn = page.locator('dialog:not([open])').getByLabel(en.booking.firstName, { exact: true });

  await page.goto('/');
  // The islands' code fetched ahead, the dialog is drawn once the visitor is there, while they read:
  // no press waits for it. Nobody there, nothing is drawn.
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await expect(drawn).not.toBeAttached();
  await present(page);
  await expect(drawn).toBeAttached();
  await expect(page.locator(`[${ISLAND_ATTRIBUTE}="hero"][${AWAKE_ATTRIBUTE}], [${ISLAND_ATTRIBUTE}="top-bar"][${AWAKE_ATTRIBUTE}]`)).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(await reported()).not.toContain('open');

  const dialog = await openFromTopBar(page, en);
  await expect(page.getByLabel(en.booking.firstName, { exact: true })).toBeFocused();
  expect(await focused()).toEqual([fieldId('first_name')]);
  await expect.poll(async () => (await reported()).filter((s) => s === 'open')).toHaveLength(1);

  await fillStep1(page, en, 'drawn@example.com');
  await dialog.getByRole('button', { name: en.booking.next }).click();
  await expect(page.getByLabel(en.booking.businessName)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: en.nav.bookCall })).toBeFocused();

  // Drawn anew when the browser is idle again, with the answers kept (draft-store.ts), and opened
  // straight on the field of the step the visitor was on.
  await expect(drawn).toBeAttached();
  await expect(drawn).not.toHaveValue('');
  await focused();
  await openFromTopBar(page, en);
  await expect(page.getByLabel(en.booking.businessName)).toBeFocused();
  expect(await focused()).toEqual([fieldId('business_name')]);
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
});

test('a click inside the dialog does not close it', async ({ page }) => {
  await page.goto('/');
  const dialog = await openFromTopBar(page, en);
  await dialog.getByRole('heading', { name: en.booking.title }).click();
  await expect(dialog).toBeVisible();
});

test('marks an invalid field and describes the error once the visitor leaves it', async ({ page }) => {
  await page.goto('/');
  await openFromTopBar(page, en);
  const emailField = page.getByLabel(en.booking.email);
  await emailField.fill('not-an-email');
  await emailField.blur();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(emailField).toHaveAccessibleDescription(en.booking.errors.invalidEmail);
  await emailField.fill('fine@example.com');
  await expect(emailField).not.toHaveAttribute('aria-invalid', 'true');
});

for (const { locale, path, t } of languages) {
  test(`a line by Next says what is missing while it is off, politely, in ${locale}`, async ({ page }) => {
    await page.goto(path);
    const dialog = await openFromTopBar(page, t);
    const next = dialog.getByRole('button', { name: t.booking.next, exact: true });
    const hint = dialog.locator('[aria-live="polite"]').filter({ hasText: /./ });
    const names = (fields: (keyof typeof t.booking.fieldNames)[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(fields.map((f) => t.booking.fieldNames[f]));
    const list = (...fields: (keyof typeof t.booking.fieldNames)[]) => t.booking.toContinue.replace('{fields}', names(fields));

    await expect(next).toBeDisabled();
    await expect(hint).toHaveText(list('first_name', 'email', 'phone'));
    await expect(next).toHaveAccessibleDescription(list('first_name', 'email', 'phone'));
    await page.getByLabel(t.booking.firstName, { exact: true }).fill('Georgi');
    await expect(hint).toHaveText(list('email', 'phone'));
    // Typed but not yet an address: named as what to check, without waiting for the field to be left.
    await page.getByLabel(t.booking.email).fill('georgi@');
    await expect(hint).toHaveText(t.booking.toFillAndCorrect.replace('{missing}', names(['phone'])).replace('{wrong}', names(['email'])));
    await page.getByLabel(t.booking.phone).fill('+359 88 555 0101');
    await expect(hint).toHaveText(t.booking.toCorrect.replace('{fields}', names(['email'])));
    await page.getByLabel(t.booking.email).fill('georgi@example.com');
    await expect(hint).toHaveCount(0);
    await expect(next).toBeEnabled();
    await next.click();
    await expect(hint).toHaveText(list('business_name', 'service'));
  });
}

test('the whole form can be completed with the keyboard alone, with focus kept in the dialog', async ({ page }) => {
  await page.goto('/');
  const cta = page.getByRole('button', { name: en.hero.cta }).first();
  for (let i = 0; i < 12 && !(await cta.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(cta).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog');
  await expect(page.getByLabel(en.booking.firstName, { exact: true })).toBeFocused();
  // Focus never leaves the dialog, forwards or backwards.
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.getByLabel(en.booking.firstName, { exact: true }).focus();

  const email = uniqueEmail('keyboard');
  await page.keyboard.type('Keyboard');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('0888 777 666');
  await page.keyboard.press('Enter');

  await expect(page.getByLabel(en.booking.businessName)).toBeFocused();
  await page.keyboard.type('Keys Ltd');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(en.booking.service)).toBeFocused();
  await page.keyboard.type('Call');
  await expect(page.getByLabel(en.booking.service)).toHaveValue('Call Automation Systems');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Space');
  // The privacy notice's link under the choices, then Back, then Send.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('link', { name: en.booking.privacyNotice })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send Request' })).toBeFocused();
  await page.keyboard.press('Enter');

  // The main next step takes focus ("Pick a time now"); the way out is a Tab away.
  await expect(dialog.getByRole('button', { name: en.booking.meeting.pick })).toBeFocused();
  expect(leadsByEmail(email.toLowerCase())).toMatchObject([
    { service: 'Call Automation Systems', product: 'Inbound Phone Caller (appointments & support)' },
  ]);
  const close = dialog.getByRole('button', { name: 'Close', exact: true });
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('link', { name: en.booking.meeting.laterLink })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(cta).toBeFocused();
});

for (const { locale, path, t } of languages) {
  test(`axe finds no violation on the ${locale} page and in each step of the open dialog`, async ({ page }) => {
    // The whole page at desktop width once (landing.spec scans it at phone width), then the dialog in
    // each step: with the dialog open the rest of the page is inert and unchanged.
    test.slow();
    await page.goto(path);
    expect((await axeBuilder(page).analyze()).violations).toEqual([]);
    const scan = async () => (await axeBuilder(page).include('dialog').analyze()).violations;
    await openFromTopBar(page, t);
    expect(await scan()).toEqual([]);
    await page.getByLabel(t.booking.email).fill('bad');
    await page.getByLabel(t.booking.email).blur();
    expect(await scan()).toEqual([]);
    await fillStep1(page, t, 'axe@example.com');
    await page.getByRole('button', { name: t.booking.next }).click();
    await page.getByLabel(t.booking.businessName).fill('Axe');
    await page.getByLabel(t.booking.service).selectOption('Support Automation');
    await page.getByRole('button', { name: t.booking.next }).click();
    expect(await scan()).toEqual([]);
  });
}

test('the page hydrates without warnings or errors in the console', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
  });
  page.on('pageerror', (e) => messages.push(e.message));
  for (const { path } of languages) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(messages).toEqual([]);
});

for (const { locale, path, t } of languages) {
  test(`a press on "Book a Call" before the ${locale} page has hydrated opens the dialog once it has`, async ({ page }) => {
    // The page's script held back until the visitor has pressed: the page is drawn, not yet hydrated.
    const release = await holdRequests(page, PAGE_ENTRY_SCRIPT);
    await page.goto(path);
    const book = page.getByRole('banner').getByRole('button', { name: t.nav.bookCall });
    await book.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    const dialog = page.getByRole('dialog', { name: t.booking.title });
    await expect(dialog).toBeVisible();
    await expect(page.getByLabel(t.booking.firstName, { exact: true })).toBeFocused();
    // Made once: closing it leaves it closed.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test('a dialog opened while its code is on its way stays the same dialog once the code arrives: answers and focus kept', async ({ page }) => {
  // The browser is not idle until the test says so: the press comes before the page draws the dialog ahead.
  await page.addInitScript(() => {
    const waiting: (() => void)[] = [];
    window.requestIdleCallback = (fn) => waiting.push(() => fn({ didTimeout: false, timeRemaining: () => 50 })) as number;
    (window as unknown as { becomeIdle: () => void }).becomeIdle = () => waiting.splice(0).forEach((fn) => fn());
  });
  const release = await holdRequests(page, /\/assets\/booking-dialog-[^/]*\.js$/);
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('banner').getByRole('button', { name: en.nav.bookCall }).click();
  release();
  await expect(page.getByRole('dialog', { name: en.booking.title })).toBeVisible();
  const firstName = page.getByLabel(en.booking.firstName, { exact: true });
  await firstName.fill('Georgi');
  // Now idle: the page would draw the dialog ahead with the code that has arrived.
  await page.evaluate(() => (window as unknown as { becomeIdle: () => void }).becomeIdle());
  await page.waitForTimeout(500);
  await expect(firstName).toHaveValue('Georgi');
  await expect(firstName).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});
