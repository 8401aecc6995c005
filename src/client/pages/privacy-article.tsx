// The privacy notice as the prerender writes it into /privacy/ and /bg/privacy/: rendered to static
// markup on the server only (pages/prerendered.tsx), never part of a script.
import type { ReactNode } from 'react';
import { AUTHORITY_WEBSITE, NOTICE_RIGHTS, type PrivacyNotice } from '../../content/privacy-notice.ts';
import { business } from '../../content/site.ts';
import { FIELDS } from '../../shared/booking.ts';
import {
  CONVERSATION_RETENTION_DAYS_PLACEHOLDER,
  LEAD_RETENTION_DAYS_PLACEHOLDER,
  PRIVACY_NOTICE_ID,
  PRIVACY_NOTICE_VERSION_PLACEHOLDER,
} from '../../shared/runtime-config.ts';

const LINK = 'break-words text-cyan-300 underline underline-offset-4 hover:text-cyan-200';

/** A sentence of the notice with its links, and the server's placeholder for the retention days. */
function Text({ children: text }: { children: string }): ReactNode {
  return text.split(/(\{(?:email|authorityWebsite|leadRetentionDays|conversationRetentionDays)\})/).map((part, i) => {
    if (part === '{email}') {
      return (
        <a key={i} href={`mailto:${business.email}`} className={LINK}>
          {business.email}
        </a>
      );
    }
    if (part === '{authorityWebsite}') {
      return (
        <a key={i} href={AUTHORITY_WEBSITE} className={LINK}>
          {new URL(AUTHORITY_WEBSITE).host}
        </a>
      );
    }
    if (part === '{conversationRetentionDays}') return CONVERSATION_RETENTION_DAYS_PLACEHOLDER;
    return part === '{leadRetentionDays}' ? LEAD_RETENTION_DAYS_PLACEHOLDER : part;
  });
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="scroll-mt-[max(12vh,4rem)] text-xl font-semibold tracking-tight text-white sm:text-2xl">
        {heading}
      </h2>
      {children}
    </section>
  );
}

const P = 'mt-4 leading-relaxed text-pretty text-slate-300';
const UL = 'mt-4 list-disc space-y-2 pl-6 leading-relaxed text-slate-300 marker:text-slate-500';

function List({ items }: { items: readonly string[] }) {
  return (
    <ul className={UL}>
      {items.map((item) => (
        <li key={item}>
          <Text>{item}</Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * The notice's text, in an element of its own: the server hashes that element's text into the
 * version a booking records. The version line follows it, outside.
 */
export function PrivacyArticle({ notice: n }: { notice: PrivacyNotice }) {
  const { collected: c, rights: r } = n;
  return (
    <div className="mx-auto max-w-3xl">
      <article id={PRIVACY_NOTICE_ID}>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{n.title}</h1>
        <p className="mt-6 text-lg leading-relaxed text-pretty text-slate-200">{n.intro}</p>

        <Section id="controller" heading={n.controller.heading}>
          <p className={P}>
            <Text>{n.controller.text}</Text>
          </p>
        </Section>

        <Section id="data" heading={c.heading}>
          <p className={P}>{c.form}</p>
          <List items={FIELDS.map((f) => c.fields[f])} />
          {[c.withRequest, c.campaign, c.counters, c.conversations, c.address, c.cookie].map((text) => (
            <p key={text} className={P}>
              <Text>{text}</Text>
            </p>
          ))}
        </Section>

        <Section id="purposes" heading={n.purposes.heading}>
          <List items={n.purposes.items} />
        </Section>

        <Section id="legal-basis" heading={n.legalBasis.heading}>
          <List items={n.legalBasis.items} />
          <p className={P}>{n.legalBasis.requirement}</p>
          <p className={P}>{n.legalBasis.automated}</p>
        </Section>

        <Section id="recipients" heading={n.recipients.heading}>
          <List items={n.recipients.items} />
          <p className={P}>{n.recipients.instructions}</p>
        </Section>

        <Section id="retention" heading={n.retention.heading}>
          <List items={n.retention.items} />
        </Section>

        <Section id="rights" heading={r.heading}>
          <p className={P}>{r.intro}</p>
          <ul className={UL}>
            {NOTICE_RIGHTS.map((right) => (
              <li key={right}>
                <strong className="font-semibold text-slate-100">{r.rights[right].name}:</strong> {r.rights[right].text}
              </li>
            ))}
          </ul>
          <p className={P}>
            <Text>{r.howTo}</Text>
          </p>
          <p className={P}>
            <Text>{r.complaint}</Text>
          </p>
        </Section>
      </article>
      <p className="mt-12 border-t border-line pt-6 text-sm text-slate-400">
        {n.version.replace('{version}', PRIVACY_NOTICE_VERSION_PLACEHOLDER)}
      </p>
    </div>
  );
}
