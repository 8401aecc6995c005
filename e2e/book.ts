// The booking dialog as the browser tests go through it: opened from the top bar, the three steps
// filled in as a visitor fills them, and sent.
import { expect, type Page } from '@playwright/test';
import type { languages } from './pages.ts';

type T = (typeof languages)[number]['t'];

/** Who books: what the first two steps ask. */
export interface Visitor {
  firstName: string;
  email: string;
  phone: string;
  business: string;
}

/** Opens the booking dialog from the top bar and waits for it. */
export async function openBooking(page: Page, t: T) {
  await page.getByRole('banner').getByRole('button', { name: t.nav.bookCall }).click();
  await expect(page.getByRole('dialog', { name: t.booking.title })).toBeVisible();
  return page.getByRole('dialog');
}

/** Fills steps 1 and 2 of the open dialog and chooses a product on step 3. */
export async function fillUpToStep3(page: Page, t: T, visitor: Visitor) {
  const dialog = page.getByRole('dialog');
  await page.getByLabel(t.booking.firstName, { exact: true }).fill(visitor.firstName);
  await page.getByLabel(t.booking.email).fill(visitor.email);
  await page.getByLabel(t.booking.phone).fill(visitor.phone);
  await dialog.getByRole('button', { name: t.booking.next, exact: true }).click();
  await page.getByLabel(t.booking.businessName).fill(visitor.business);
  await page.getByLabel(t.booking.service).selectOption({ label: t.booking.services['Support Automation'] });
  await dialog.getByRole('button', { name: t.booking.next, exact: true }).click();
  await dialog.getByRole('radio', { name: t.products['Customer Support Chat Assistant'] }).check();
}

/** Sends the filled-in dialog and waits for its thank-you. */
export async function sendBooking(page: Page, t: T) {
  await page.getByRole('dialog').getByRole('button', { name: t.booking.send }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: t.booking.thankYou.title })).toBeVisible();
}
