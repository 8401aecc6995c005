// Bulgarian. Typed as the English dictionary, so a missing or extra key fails the build.
import type { Dictionary } from './en.ts';
import { withFigures } from './template.ts';
import { servicesSection } from './services.bg.ts';

export const bg: Dictionary = {
  meta: {
    title: 'AI агенция за автоматизация на малкия бизнес | {brand}',
    description:
      'AI чат асистенти, AI телефонни асистенти, генериране на клиенти и уебсайтове, които превръщат посетителите в клиенти. Запазете безплатна консултация.',
  },
  nav: {
    home: 'Начало',
    bookCall: 'Запазете консултация',
    logo: '{brand}, презареждане на страницата',
    languages: 'Език',
    main: 'Основна навигация',
  },
  hero: {
    eyebrow: 'AI решения за малкия и средния бизнес',
    title: 'Развийте бизнеса си с',
    highlight: 'изкуствен интелект, който работи денонощно',
    description:
      'Създаваме AI асистенти, телефонни асистенти и системи за генериране на клиенти, които отговарят на всеки клиент, записват часове и носят нови запитвания, докато вие управлявате бизнеса си.',
    cta: 'Запазете безплатна консултация',
    note: withFigures('Безплатен {callMinutes}-минутен разговор · без ангажимент', 'bg'),
    scrollHint: 'Превъртете, за да видите как',
    trust: {
      label: 'бизнеса ни се доверяват',
      partner: 'Гласовият AI е изграден с',
    },
  },
  stats: {
    title: 'Резултатите на нашите клиенти',
    subtitle: 'Средни стойности при бизнесите, които сме автоматизирали.',
    labels: {
      qualifiedLeads: 'повече качествени запитвания',
      engagement: 'по-висока ангажираност',
      conversions: 'ръст на конверсиите',
      hoursSaved: 'спестени часа',
      savedForClients: 'спестени за клиентите ни',
      clients: 'обслужени бизнеса',
    },
  },
  chatBox: {
    title: 'Запознайте се с Лана, вашия AI чат асистент',
    subtitle:
      'Лана отговаря на посетителите на сайта ви за секунди и на техния език, записва часове директно в календара ви и предава качествените запитвания на екипа ви.',
    points: ['Отговаря веднага, 24/7', 'Записва часове и събира запитвания', 'Говори български и английски'],
    assistantName: 'Лана',
    assistantRole: 'AI чат асистент',
    online: 'На линия',
    example: 'Пример',
    conversationLabel: 'Примерен разговор с Лана',
    you: 'Посетител',
    conversation: [
      { from: 'visitor', text: 'Здравейте! Имате ли свободен час за почистване тази седмица?' },
      { from: 'assistant', text: 'Здравейте! Да – в четвъртък от 10:30 или в петък от 16:00. Кое ви е по-удобно?' },
      { from: 'visitor', text: 'Петък от 16:00, ако обичате.' },
      {
        from: 'assistant',
        text: 'Готово! Записах ви за петък от 16:00 и ви изпратих потвърждение по SMS. Мога ли да помогна с още нещо?',
      },
    ],
  },
  bookingUnavailable: {
    message: 'Формулярът за записване не успя да се зареди. Моля, проверете връзката си с интернет и опитайте отново.',
    retry: 'Опитайте отново',
    close: 'Затвори',
  },
  alexVoice: {
    assistantName: 'Алекс',
    title: 'Говорете с Алекс, нашия гласов AI асистент',
    subtitle:
      'Чуйте сами колко естествено звучи един AI телефонен асистент. Алекс отговаря на въпроси и записва часове точно както би го правил за вашите клиенти.',
    buttonText: 'Говорете с Алекс',
    unavailable: 'Гласовият асистент не е достъпен',
    poweredBy: 'Гласовият AI е осигурен от Vapi',
    off: {
      notice: 'Демонстрацията на живо е изключена на този сайт. Ето как протича един разговор с Алекс:',
      conversationLabel: 'Примерен разговор с Алекс',
      caller: 'Клиент',
      conversation: [
        { from: 'visitor', text: 'Здравейте, може ли да запиша час за подстригване в събота сутринта?' },
        { from: 'assistant', text: 'Разбира се! В събота са свободни 9:30 и 11:00. Кой час ви е по-удобен?' },
        { from: 'visitor', text: 'В 11:00, моля.' },
        { from: 'assistant', text: 'Записах ви за събота от 11:00. Ще ви изпратя потвърждение с SMS. Мога ли да помогна с още нещо?' },
      ],
      cta: 'Искате асистент като Алекс за вашия бизнес?',
    },
    /** Shown when the demo's code cannot be loaded. The other call texts: voice-call.ts. */
    initFailed: 'Гласовият асистент не успя да се зареди',
  },
  services: servicesSection,
  bottomCTA: {
    title: 'Готови ли сте да накарате AI да работи за вас?',
    subtitle: 'Безплатната консултация е на един клик разстояние',
    description:
      'Разкажете ни за бизнеса си за по-малко от минута. Ще ви покажем къде изкуственият интелект ще ви спести време и пари, без разходи и без ангажимент.',
    button: 'Запазете безплатна консултация',
    guarantee: withFigures('Ще ви се обадим в рамките на {callBackHours} часа.', 'bg'),
    /** Shown where the browser runs no script: the dialog cannot open, so the phone and email do. */
    noScript: 'Формата за записване изисква JavaScript, който е изключен в този браузър. Обадете ни се или ни пишете и ние ще запишем разговора:',
  },
  business: {
    description:
      'Агенция за AI решения {inCity}, която помага на малкия и средния бизнес да отговаря на всеки клиент, да записва повече часове и да печели повече клиенти.',
    serviceNames: {
      'support-automation': 'AI системи за обслужване на клиенти',
      'platform-development': 'Разработка на платформи',
      'ai-phone-callers': 'AI телефонни асистенти',
      'ai-lead-generation': 'Генериране на клиенти с AI',
      'custom-software-development': 'AI решения по поръчка',
    },
    locality: 'София',
    region: 'София-град',
  },
  products: {
    'Customer Support Chat Assistant': 'Чат асистент за обслужване на клиенти',
    'Appointment Setter Chat Assistant': 'Чат асистент за записване на часове',
    'Lead Capture Chat Assistant': 'Чат асистент за събиране на запитвания',
    'All of the above': 'Всички изброени',
    'Website Rebuild & Optimization': 'Нов уебсайт и оптимизация',
    'Inbound Phone Caller (appointments & support)':
      'Входящ телефонен асистент (часове и поддръжка)',
    'Outbound Phone Caller (appointments & cold calls)':
      'Изходящ телефонен асистент (часове и студени обаждания)',
    'Prospect Scraping System': 'Система за намиране на потенциални клиенти',
    'Automated Personalized Email Outreach Campaigns':
      'Автоматизирани персонализирани имейл кампании',
  },
  footer: {
    services: 'Услуги',
    contact: 'Контакти',
    phone: 'Телефон',
    email: 'Имейл',
    rights: 'Всички права запазени.',
    privacy: 'Уведомление за поверителност',
  },
};
