// The inbox and the conversations with Alex and Lana, in both languages on a phone and a desktop: a lead
// Alex booked in a call (through POST /api/vapi, as Vapi sends it) carries his label in the list and is
// found by the "Booked via" filter; its page shows the conversation (the summary, the speakers, the
// duration, how it ended, the recording in a new tab, the long transcript opened by keyboard); the
// Conversations view finds a chat with Lana that made no lead by a word of its transcript and opens it
// there. Axe on the lead's page and the view.
//
// Other specs share this server: everything here carries its own tag and is found by it.
import { expect, test } from '@playwright/test';
import { format, plural } from '../src/content/i18n/format.ts';
import { inboxTexts } from '../src/content/i18n/inbox.ts';
import type { TranscriptLine } from '../src/shared/conversations.ts';
import { INBOX_PATH, inboxLeadPath } from '../src/shared/inbox.ts';
import { dateTimeText } from '../src/shared/inbox-time.ts';
import { bookThroughAssistant, reportConversation } from './assistants.ts';
import { expectAxeClean, useLanguage, workerSession } from './inbox-session.ts';
import { uniqueEmail } from './leads.ts';
import { viewports } from './pages.ts';

test.beforeEach(async ({ context }) => context.addCookies(await workerSession()));

/** Digits and letters only, so it is one word to search for. */
const tagOf = (what: string) => `${what}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A call of 3 min 30 s, on Sofia's clock from 10:00 (UTC+2 in November). */
const STARTED = '2026-11-20T08:00:00.000Z';
const ENDED = '2026-11-20T08:03:30.000Z';
const RECORDING = 'https://storage.vapi.ai/e2e-recording.wav';

/** Eight turns: more than the page shows before "Show the whole conversation". */
const callTranscript = (tag: string): TranscriptLine[] => [
  { speaker: 'assistant', text: 'Hi, I am Alex from Nexa. How can I help?' },
  { speaker: 'visitor', text: 'We miss calls at the clinic when we are busy.' },
  { speaker: 'assistant', text: 'An assistant that answers them could help. Shall I book a call with the team?' },
  { speaker: 'visitor', text: 'Yes, please.' },
  { speaker: 'assistant', text: 'What is the name of your business?' },
  { speaker: 'visitor', text: `Ana Dental ${tag}.` },
  { speaker: 'assistant', text: 'Thank you. The team will call you back within 24 hours.' },
  { speaker: 'visitor', text: `Perfect, goodbye ${tag}.` },
];

for (const locale of ['en', 'bg'] as const) {
  const t = inboxTexts[locale];
  const c = t.conversations;
  const alex = t.assistants.voice;

  for (const vp of viewports) {
    test(`a lead Alex booked, in ${locale} on a ${vp.name}: its label, the "Booked via" filter, its conversation by keyboard`, async ({ page, request }) => {
      test.slow();
      const tag = tagOf(`alex${locale}${vp.name}`);
      const name = `Ana${tag}`;
      const transcript = callTranscript(tag);
      const summary = `Ana wants an assistant that answers the clinic's phone (${tag}).`;
      await bookThroughAssistant(
        request,
        {
          first_name: name,
          email: uniqueEmail(`alex-${locale}`),
          phone: '+359 88 765 4321',
          business_name: 'Ana Dental',
          service: 'Call Automation Systems',
          product: 'Inbound Phone Caller (appointments & support)',
        },
        { channel: 'voice', locale, summary, transcript, recordingUrl: RECORDING, endedReason: 'customer-ended-call', startedAt: STARTED, endedAt: ENDED },
      );
      await useLanguage(page, locale);
      await page.setViewportSize(vp);

      // The list: the label beside the lead's name, in the table or in its card, with words to hear.
      await page.goto(`${INBOX_PATH}?q=${tag}`);
      const leadLink = page.getByRole('link', { name: new RegExp(name) });
      await expect(leadLink).toBeVisible();
      const entry = vp.name === 'phone' ? page.getByRole('list', { name: t.list.title }).getByRole('listitem') : page.getByRole('row');
      const shown = entry.filter({ has: leadLink });
      await expect(shown.getByText(format(t.via.label.voice, { assistant: alex }), { exact: true })).toBeVisible();
      await expect(shown).toContainText(format(t.via.spoken.voice, { assistant: alex }));

      // "Booked via": Alex's lead under Voice, not under Form; kept in the address.
      if (vp.name === 'phone') await page.getByRole('button', { name: t.filters.toggle }).click();
      const via = page.getByLabel(t.via.filter);
      await expect(via.getByRole('option')).toHaveText([t.filters.any, t.via.options.form, format(t.via.options.voice, { assistant: alex }), format(t.via.options.chat, { assistant: t.assistants.chat })]);
      await via.selectOption('voice');
      await expect(page).toHaveURL(`${INBOX_PATH}?q=${tag}&via=voice`);
      await expect(leadLink).toBeVisible();
      await via.selectOption('form');
      await expect(page).toHaveURL(`${INBOX_PATH}?q=${tag}&via=form`);
      await expect(page.getByText(t.list.empty)).toBeVisible();
      await expect(leadLink).toHaveCount(0);
      await page.goBack();
      await expect(via).toHaveValue('voice');
      await expect(leadLink).toBeVisible();

      // The lead's page: the conversation, summary first.
      await leadLink.click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const section = page.getByRole('region', { name: c.section });
      await expect(section.getByRole('heading', { level: 3 }).first()).toHaveText(c.summary);
      await expect(section).toContainText(summary);
      await expect(section).toContainText(format(c.channel.voice, { assistant: alex }));
      await expect(section).toContainText(dateTimeText(STARTED, locale));
      await expect(section).toContainText(format(c.minutesSeconds, { minutes: 3, seconds: 30 }));
      await expect(section).toContainText(c.endedReasons['customer-ended-call']);
      const recording = section.getByRole('link', { name: `${c.listen} ${c.newTab}` });
      await expect(recording).toHaveAttribute('href', RECORDING);
      await expect(recording).toHaveAttribute('target', '_blank');
      await expect(recording).toHaveAttribute('rel', /\bnoopener\b/);
      const turns = section.getByRole('list', { name: c.transcript }).getByRole('listitem');
      await expect(turns).toHaveCount(6);
      await expect(turns.first()).toContainText(alex);
      await expect(turns.nth(1)).toContainText(c.visitor);
      await expect(section.getByText(transcript[7]!.text)).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the screen').toBeLessThanOrEqual(vp.width);

      // The rest of the transcript, by keyboard: from the recording, the next stop is the button.
      const more = section.getByRole('button', { name: format(c.showAll, { count: transcript.length }) });
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await recording.focus();
      await page.keyboard.press('Tab');
      await expect(more).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(turns).toHaveCount(transcript.length);
      await expect(section.getByText(transcript[7]!.text)).toBeVisible();
      const less = section.getByRole('button', { name: c.showLess });
      await expect(less).toBeFocused();
      await expect(less).toHaveAttribute('aria-expanded', 'true');
      await expectAxeClean(page, `lead with a conversation, ${locale} ${vp.name}`);
    });

    test(`the Conversations view, in ${locale} on a ${vp.name}: a chat without a lead found by a word of its transcript`, async ({ page, request }) => {
      test.slow();
      const tag = tagOf(`lana${locale}${vp.name}`);
      const lana = t.assistants.chat;
      const chat: TranscriptLine[] = [
        { speaker: 'assistant', text: 'Hi, I am Lana. What would you like to know?' },
        { speaker: 'visitor', text: `How much is a chatbot for a bakery called ${tag}?` },
        { speaker: 'assistant', text: 'It depends on what it should do; the team can tell you on a free call.' },
      ];
      const chatSummary = 'Asked about the price of a chatbot; left without booking.';
      await reportConversation(request, { channel: 'chat', locale, summary: chatSummary, transcript: chat, endedReason: 'customer-ended-call' });
      const name = `Boris${tag}`;
      const lead = await bookThroughAssistant(
        request,
        { first_name: name, email: uniqueEmail(`lana-${locale}`), phone: '+359 88 765 4300', business_name: 'Boris Bakery', service: 'Support Automation', product: 'Customer Support Chat Assistant' },
        { channel: 'voice', locale, summary: `Boris booked a call about his bakery ${tag}.`, transcript: callTranscript(tag), startedAt: STARTED, endedAt: ENDED },
      );

      // There from the top bar; in Bulgarian, switched to in place.
      await useLanguage(page, 'en');
      await page.setViewportSize(vp);
      await page.goto(INBOX_PATH);
      if (locale === 'bg') {
        await page.getByRole('group', { name: inboxTexts.en.language }).getByRole('button', { name: 'bg' }).click();
        await expect(page.locator('html')).toHaveAttribute('lang', 'bg');
      }
      await page.getByRole('navigation', { name: t.nav.label }).getByRole('link', { name: t.nav.conversations }).click();
      await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
      await expect(page.getByRole('link', { name: t.nav.conversations })).toHaveAttribute('aria-current', 'page');

      // A word of the chat's transcript (in no summary), sent with Enter: kept in the address.
      const box = page.getByRole('searchbox', { name: c.search });
      await box.fill(tag);
      await box.press('Enter');
      await expect(page).toHaveURL(`${INBOX_PATH}/conversations?q=${tag}`);
      const items = page.getByRole('list', { name: c.title }).locator(':scope > li');
      await expect(items).toHaveCount(2);
      await expect(page.getByRole('status').filter({ hasText: plural(c.shown, 2, locale) })).toBeAttached();

      // Newest first: the call that booked, a link to its lead; then the chat, with no lead.
      const [call, chatItem] = [items.nth(0), items.nth(1)];
      await expect(call.getByRole('heading', { level: 3 })).toHaveText(format(c.channel.voice, { assistant: t.assistants.voice }));
      await expect(call).toContainText(format(c.minutesSeconds, { minutes: 3, seconds: 30 }));
      await expect(call).toContainText(dateTimeText(STARTED, locale));
      await expect(call.getByRole('link', { name: `${name}, Boris Bakery` })).toHaveAttribute('href', inboxLeadPath(lead.id));
      await expect(chatItem.getByRole('heading', { level: 3 })).toHaveText(format(c.channel.chat, { assistant: lana }));
      await expect(chatItem).toContainText(chatSummary);
      await expect(chatItem).toContainText(c.noLead);
      await expect(chatItem.getByRole('link')).toHaveCount(0);

      // The chat's transcript, opened by keyboard.
      const disclosure = chatItem.locator('summary');
      await expect(disclosure).toHaveText(plural(c.showTranscript, chat.length, locale), { useInnerText: true });
      await expect(chatItem.getByText(chat[1]!.text)).toBeHidden();
      await disclosure.focus();
      await page.keyboard.press('Enter');
      await expect(chatItem.getByText(chat[1]!.text)).toBeVisible();
      await expect(disclosure).toHaveText(c.hideTranscript, { useInnerText: true });
      await expect(chatItem.getByRole('listitem').first()).toContainText(lana);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the screen').toBeLessThanOrEqual(vp.width);
      await expectAxeClean(page, `conversations ${locale} ${vp.name}`);

      // A search that finds nothing says so, with the way back to every conversation.
      await box.fill(`${tag}nothing`);
      await page.getByRole('button', { name: c.searchButton }).click();
      const nothing = format(c.noMatch, { q: `${tag}nothing` });
      await expect(page.getByRole('region', { name: c.title }).getByRole('paragraph').filter({ hasText: nothing })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: nothing })).toBeAttached();
      await page.getByRole('button', { name: c.showAllConversations }).click();
      await expect(page).toHaveURL(`${INBOX_PATH}/conversations`);
      await expect(box).toHaveValue('');
      await expect(page.getByRole('link', { name: `${name}, Boris Bakery` })).toBeVisible();
    });
  }
}
