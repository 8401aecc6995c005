// The privacy notice (GDPR Art. 13), one typed object per language: the prerender writes it into the
// pages /privacy/ and /bg/privacy/, and nothing of it is in any script. The business facts come from
// site.ts, the figures from shared/; the notice names them through these placeholders:
// - `{email}`: the business's address, written as a link;
// - `{authorityWebsite}`: the Bulgarian data protection authority's site, written as a link;
// - `{leadRetentionDays}`: left for the server, which writes this deployment's LEAD_RETENTION_DAYS in.
// - `{conversationRetentionDays}`: the same for CONVERSATION_RETENTION_DAYS.
import type { Field } from '../shared/booking.ts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS } from '../shared/language.ts';
import type { Locale } from '../shared/locale.ts';
import { SPAM_RETENTION_DAYS } from '../shared/promises.ts';
import { dictionaries, format } from './i18n/index.ts';
import { address, business, streetAddress } from './site.ts';

/** The rights the notice lists, in its order (GDPR Arts. 15 to 18, 21 and 20). */
export const NOTICE_RIGHTS = ['access', 'rectification', 'erasure', 'restriction', 'objection', 'portability'] as const;
export type NoticeRight = (typeof NOTICE_RIGHTS)[number];

/** The Bulgarian Commission for Personal Data Protection (КЗЛД), where a complaint goes. */
export const AUTHORITY_WEBSITE = 'https://www.cpdp.bg/';

export interface PrivacyNotice {
  /** The page's name: its heading, and its title by page-title.ts's rule. */
  title: string;
  /** The search result's description. */
  description: string;
  intro: string;
  controller: { heading: string; text: string };
  collected: {
    heading: string;
    form: string;
    /** Every field the booking form has: a field added to the form without a line here fails the build. */
    fields: Record<Field, string>;
    withRequest: string;
    campaign: string;
    counters: string;
    conversations: string;
    address: string;
    cookie: string;
  };
  purposes: { heading: string; items: string[] };
  legalBasis: { heading: string; items: string[]; requirement: string; automated: string };
  recipients: { heading: string; items: string[]; instructions: string };
  retention: { heading: string; items: string[] };
  rights: {
    heading: string;
    intro: string;
    rights: Record<NoticeRight, { name: string; text: string }>;
    howTo: string;
    complaint: string;
  };
  /** Beside the notice, not part of its text: `{version}` is the hash of the text as served. */
  version: string;
}

/** The controller's postal address, in full, as the language writes it. */
function postalAddress(locale: Locale): string {
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(address.addressCountry) ?? address.addressCountry;
  return `${streetAddress[locale]}, ${address.postalCode} ${dictionaries[locale].business.locality}, ${country}`;
}

/** The facts each language's text names, filled in once. */
const facts = (locale: Locale) => ({
  legalName: business.legalName[locale],
  address: postalAddress(locale),
  phone: business.phone,
  brand: business.name,
  cookie: LANGUAGE_COOKIE,
  cookieDays: LANGUAGE_COOKIE_DAYS,
  spamRetentionDays: SPAM_RETENTION_DAYS,
});

/** Every string of a notice with the facts filled in; the link and server placeholders stay. */
function filled<T>(value: T, values: Record<string, string | number>): T {
  if (typeof value === 'string') return format(value, values) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => filled(v, values)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, filled(v, values)])) as T;
  }
  return value;
}

const en: PrivacyNotice = {
  title: 'Privacy notice',
  description:
    'Who holds the personal data you give {brand} through this website, why, for how long, and how to see, correct or erase it.',
  intro:
    'This notice explains what personal data we collect through this website, why and on what legal basis, who receives it, how long we keep it and what your rights are, as Article 13 of the General Data Protection Regulation (Regulation (EU) 2016/679, “GDPR”) requires.',
  controller: {
    heading: 'Who is responsible for your data',
    text: '{legalName}, {address}, is the controller of your personal data. You can reach us at {email} or by phone at {phone}.',
  },
  collected: {
    heading: 'What we collect',
    form: 'When you book a discovery call, the booking form collects:',
    fields: {
      first_name: 'your first name;',
      email: 'your email address;',
      phone: 'your phone number;',
      business_name: 'the name of your business;',
      service: 'the service you are interested in;',
      product: 'the solution you choose, for most services;',
      custom_service: 'or, for a custom service or “Other”, your description of what you want to automate.',
    },
    withRequest:
      'With your request we also record the language of the page, when you sent it and which version of this notice the form linked to.',
    campaign:
      'If you came to the site through an ad or a tagged link, your request also carries the campaign details of that link (utm_source, utm_medium, utm_campaign, utm_term and utm_content, and the gclid or fbclid click identifiers), the name of the website that sent you here (its host name only, not the page) and the first page you opened on our site. Your browser keeps them for the visit, in its session storage, and sends them only with your request.',
    counters:
      'The site counts, per day, how many times a page was viewed, the booking form was opened, its second and third steps were reached and a request was sent, with the page’s language and the campaign source. These counters contain no personal data: no cookie, no identifier, no IP address, no browser details. Nothing is counted when your browser sends the Global Privacy Control or Do Not Track signal.',
    conversations:
      'If you talk to the voice demo (Alex) or write in the chat (Lana), what you say or type goes from your browser directly to our voice and chat provider, Vapi (see “Who receives your data”), which produces the answers. When the conversation ends, Vapi sends our server a record of it: a summary, the transcript, how long it lasted and how it ended, its cost, and for a voice call a link to its recording, which stays with Vapi. If you ask Alex or Lana to book a call, they pass the details you give them (the same as the booking form asks for) to our server, with the campaign details of your visit, and the record of the conversation is kept with your request.',
    address:
      'As for any website, our server sees your device’s IP address with every request. We use it only to deliver the page, to choose its language by country (in a database on our own server, never sent to anyone) and to limit abusive requests; we do not store it with your request.',
    cookie:
      'The site sets a single cookie, “{cookie}”, and only when you choose a language with the language switch: it keeps that choice (en or bg) for {cookieDays} days. There is no analytics or advertising cookie and no third-party tracker.',
  },
  purposes: {
    heading: 'Why we use it',
    items: [
      'To answer your request: to contact you by phone or email, arrange the discovery call you asked for and prepare for it.',
      'To learn which of our campaigns bring requests (from the campaign details) and where visitors give up the booking form (from the counters).',
      'To run the voice demo and the chat when you start them.',
      'To keep the site secure and working.',
    ],
  },
  legalBasis: {
    heading: 'On what legal basis',
    items: [
      'Your booking details: taking steps at your request before entering into a contract (Article 6(1)(b) GDPR).',
      'The campaign details sent with your request, the daily counters and the security of the site: our legitimate interest in knowing which advertising works and in keeping the site safe (Article 6(1)(f) GDPR). You may object to this at any time.',
      'The voice demo and the chat: our legitimate interest in showing you our product when you ask for it by starting them (Article 6(1)(f) GDPR).',
      'The language cookie: it only keeps a choice you made, so that the site can honour it.',
    ],
    requirement:
      'Neither the law nor a contract requires you to give us your data, but without your name, email address and phone number we cannot call you back.',
    automated: 'We make no decision about you based solely on automated processing.',
  },
  recipients: {
    heading: 'Who receives your data',
    items: [
      'Our team at {legalName}, who read requests in our own leads inbox.',
      'The services that tell us about a new request, as we set them up: our email provider, which delivers the notification (and, where we send one, a confirmation to you), and a connected tool such as a CRM or an automation service that receives the request through a signed webhook.',
      'The company that hosts our server and its database.',
      'Vapi (Vapi, Inc., United States), our voice and chat provider, which processes the voice demo’s and the chat’s conversations for us, and Daily (Daily.co, United States), which carries the voice call’s audio for it: only when you use the voice demo or the chat. They may process the conversation outside the European Union; ask us which safeguards apply.',
    ],
    instructions:
      'They process your data on our instructions. We do not sell your data or pass it to anyone for their own marketing.',
  },
  retention: {
    heading: 'How long we keep it',
    items: [
      'Your request: while we handle it. Once it is closed, whether or not we went on to work together, we keep it for {leadRetentionDays} days, then erase it automatically with its notes and the record of its notifications.',
      'A request we identify as spam: {spamRetentionDays} days, then it is erased.',
      'The record of a conversation with Alex or Lana: with the request it made, and erased with it; one that made no request, {conversationRetentionDays} days.',
      'Backup copies of our database: until those copies are deleted in turn; an erasure does not reach backups made before it.',
      'The daily counters contain no personal data and are kept as statistics.',
      'The language cookie: {cookieDays} days from your last choice.',
    ],
  },
  rights: {
    heading: 'Your rights',
    intro: 'You have these rights:',
    rights: {
      access: { name: 'Access', text: 'to learn whether we hold data about you and to receive a copy of it.' },
      rectification: { name: 'Rectification', text: 'to have inaccurate data about you corrected.' },
      erasure: { name: 'Erasure', text: 'to have your data deleted.' },
      restriction: {
        name: 'Restriction of processing',
        text: 'to have us keep your data without using it, for example while we look into an objection.',
      },
      objection: {
        name: 'Objection',
        text: 'to object to what we do on the basis of our legitimate interest, such as keeping the campaign details.',
      },
      portability: {
        name: 'Data portability',
        text: 'to receive the data you gave us in a machine-readable format (JSON), or to have it sent to another controller.',
      },
    },
    howTo:
      'To use any of these rights, write to {email}, if you can from the address you gave in the form. We answer within one month, free of charge, and may first ask you to confirm who you are.',
    complaint:
      'You may also lodge a complaint with the Bulgarian data protection authority, the Commission for Personal Data Protection (КЗЛД), 2 Prof. Tsvetan Lazarov Blvd., 1592 Sofia, {authorityWebsite}, or with the authority of the EU country where you live or work.',
  },
  version: 'Version of this notice: {version}',
};

const bg: PrivacyNotice = {
  title: 'Уведомление за поверителност',
  description:
    'Кой обработва личните данни, които предоставяте на {brand} чрез този уебсайт, защо, за колко време и как да ги видите, коригирате или изтриете.',
  intro:
    'В това уведомление ще намерите какви лични данни събираме чрез този уебсайт, за какви цели и на какво правно основание, на кого ги предоставяме, колко дълго ги съхраняваме и какви са вашите права, както изисква чл. 13 от Общия регламент относно защитата на данните (Регламент (ЕС) 2016/679, „ОРЗД“).',
  controller: {
    heading: 'Кой отговаря за данните ви',
    text: '{legalName}, {address}, е администратор на вашите лични данни. Можете да се свържете с нас на {email} или на телефон {phone}.',
  },
  collected: {
    heading: 'Какви данни събираме',
    form: 'Когато заявите консултация, формата за запазване събира:',
    fields: {
      first_name: 'вашето име;',
      email: 'вашия имейл адрес;',
      phone: 'вашия телефонен номер;',
      business_name: 'името на вашия бизнес;',
      service: 'услугата, която ви интересува;',
      product: 'решението, което изберете, за повечето услуги;',
      custom_service: 'или, за услуга по поръчка или „Друго“, описанието ви на това, което искате да автоматизирате.',
    },
    withRequest:
      'Заедно със заявката записваме езика на страницата, кога сте я изпратили и към коя версия на това уведомление е водела формата.',
    campaign:
      'Ако сте дошли на сайта през реклама или връзка с маркери за кампания, заявката ви съдържа и данните за кампанията от тази връзка (utm_source, utm_medium, utm_campaign, utm_term и utm_content, както и идентификаторите на кликване gclid или fbclid), името на сайта, от който сте дошли (само домейна, без конкретната страница), и първата страница, която сте отворили при нас. Браузърът ви ги пази само докато трае посещението (в хранилището на сесията) и ги изпраща единствено заедно със заявката.',
    counters:
      'Сайтът отчита за всеки ден колко пъти е отворена страница, отворена е формата за запазване, достигнати са втората и третата ѝ стъпка и е изпратена заявка, заедно с езика на страницата и източника на кампанията. Тези броячи не съдържат лични данни: без бисквитка, без идентификатор, без IP адрес, без данни за браузъра. Нищо не се отчита, когато браузърът ви изпраща сигнал Global Privacy Control или Do Not Track.',
    conversations:
      'Ако разговаряте с гласовата демонстрация (Алекс) или пишете в чата (Лана), казаното или написаното от вас се изпраща от браузъра ви директно до нашия доставчик на гласови и чат услуги, Vapi (вижте „Кой получава данните ви“), който съставя отговорите. Когато разговорът приключи, Vapi изпраща на нашия сървър запис за него: резюме, текста на разговора, колко е продължил и как е завършил, цената му, а за гласов разговор и връзка към записа му, който остава при Vapi. Ако помолите Алекс или Лана да запишат разговор, те предават на нашия сървър данните, които им дадете (същите, които иска формата за запазване), заедно с данните за кампанията на посещението ви, и записът на разговора се пази заедно със заявката ви.',
    address:
      'Както при всеки уебсайт, нашият сървър вижда IP адреса на устройството ви при всяка заявка. Използваме го само за да ви покажем страницата, да изберем езика ѝ според държавата (чрез база данни на собствения ни сървър, без да го изпращаме на когото и да било) и да ограничаваме злоупотребите; не го съхраняваме заедно със заявката ви.',
    cookie:
      'Сайтът поставя една-единствена бисквитка, „{cookie}“, и то само когато изберете език от превключвателя за език: тя пази избора ви (en или bg) за {cookieDays} дни. Няма бисквитки за анализ или реклама и няма проследяване от трети страни.',
  },
  purposes: {
    heading: 'За какво ги използваме',
    items: [
      'За да отговорим на заявката ви: да се свържем с вас по телефон или имейл, да уговорим поисканата консултация и да се подготвим за нея.',
      'За да разберем кои наши кампании водят до заявки (от данните за кампанията) и на коя стъпка посетителите се отказват от формата (от броячите).',
      'За да работят гласовата демонстрация и чатът, когато ги стартирате.',
      'За да поддържаме сайта сигурен и работещ.',
    ],
  },
  legalBasis: {
    heading: 'На какво правно основание',
    items: [
      'Данните от формата за запазване: предприемане на стъпки по ваше искане преди сключването на договор (чл. 6, пар. 1, буква „б“ от ОРЗД).',
      'Данните за кампанията, изпратени със заявката, дневните броячи и сигурността на сайта: нашият законен интерес да знаем коя реклама работи и да пазим сайта (чл. 6, пар. 1, буква „е“ от ОРЗД). Можете да възразите срещу това по всяко време.',
      'Гласовата демонстрация и чатът: нашият законен интерес да ви покажем продукта си, когато сами го поискате, като ги стартирате (чл. 6, пар. 1, буква „е“ от ОРЗД).',
      'Бисквитката за език: тя само пази направен от вас избор, за да може сайтът да го спазва.',
    ],
    requirement:
      'Не сте длъжни по закон или по договор да ни предоставяте данните си, но без име, имейл адрес и телефонен номер не можем да се свържем с вас.',
    automated: 'Не вземаме решения за вас, основани единствено на автоматизирано обработване.',
  },
  recipients: {
    heading: 'Кой получава данните ви',
    items: [
      'Нашият екип в {legalName}, който преглежда заявките в собствената ни система за запитвания.',
      'Услугите, които ни известяват за нова заявка, както сме ги настроили: нашият доставчик на имейл услуги, който доставя известието (и, когато изпращаме такова, потвърждение до вас), и свързан инструмент, например CRM система или услуга за автоматизация, който получава заявката чрез подписана уеб кука (webhook).',
      'Доставчикът на хостинг, при когото работят нашият сървър и базата ни данни.',
      'Vapi (Vapi, Inc., САЩ), нашият доставчик на гласови и чат услуги, който обработва за нас разговорите от гласовата демонстрация и чата, и Daily (Daily.co, САЩ), който пренася звука на гласовия разговор за Vapi: само когато използвате гласовата демонстрация или чата. Те може да обработват разговора извън Европейския съюз; попитайте ни какви гаранции се прилагат.',
    ],
    instructions:
      'Те обработват данните ви по наши указания. Не продаваме данните ви и не ги предоставяме на никого за собствен маркетинг.',
  },
  retention: {
    heading: 'Колко дълго ги съхраняваме',
    items: [
      'Заявката ви: докато работим по нея. След като бъде приключена, независимо дали сме започнали работа заедно, я съхраняваме {leadRetentionDays} дни, след което тя се изтрива автоматично заедно с бележките към нея и записите за известията.',
      'Заявка, която сме определили като спам: {spamRetentionDays} дни, след което се изтрива.',
      'Записът на разговор с Алекс или Лана: заедно със заявката, до която е довел, и се изтрива с нея; разговор без заявка — {conversationRetentionDays} дни.',
      'Резервните копия на базата ни данни: докато самите те не бъдат изтрити; изтриването не засяга резервни копия, направени преди него.',
      'Дневните броячи не съдържат лични данни и се пазят като статистика.',
      'Бисквитката за език: {cookieDays} дни от последния ви избор.',
    ],
  },
  rights: {
    heading: 'Вашите права',
    intro: 'Имате следните права:',
    rights: {
      access: { name: 'Достъп', text: 'да научите дали обработваме данни за вас и да получите копие от тях.' },
      rectification: { name: 'Коригиране', text: 'неточните данни за вас да бъдат поправени.' },
      erasure: { name: 'Изтриване', text: 'данните ви да бъдат заличени.' },
      restriction: {
        name: 'Ограничаване на обработването',
        text: 'да пазим данните ви, без да ги използваме, например докато проверяваме ваше възражение.',
      },
      objection: {
        name: 'Възражение',
        text: 'срещу обработването на основание нашия законен интерес, например съхраняването на данните за кампанията.',
      },
      portability: {
        name: 'Преносимост на данните',
        text: 'да получите предоставените от вас данни в машинночетим формат (JSON) или да ги прехвърлим на друг администратор.',
      },
    },
    howTo:
      'За да упражните което и да е от тези права, пишете ни на {email}, по възможност от адреса, който сте посочили във формата. Отговаряме в срок до един месец, безплатно, като може първо да ви помолим да потвърдите самоличността си.',
    complaint:
      'Имате право и на жалба до Комисията за защита на личните данни (КЗЛД), бул. „Проф. Цветан Лазаров“ № 2, 1592 София, {authorityWebsite}, или до надзорния орган на държавата от ЕС, в която живеете или работите.',
  },
  version: 'Версия на уведомлението: {version}',
};

/** The notice in each language, with the business facts and figures filled in. */
export const privacyNotices: Record<Locale, PrivacyNotice> = {
  en: filled(en, facts('en')),
  bg: filled(bg, facts('bg')),
};
