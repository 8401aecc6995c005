// The texts of `npm run leads` (src/server/inbox/cli.ts), in both languages side by side: only the
// terminal shows them. OPERATOR_LOCALE picks one. The table names statuses and services as the inbox
// does in that language (inbox.ts, booking.ts); after a flag, the stored English value and the
// language's name are both taken, so what the table shows can be typed back as a filter.
import type { Locale } from '../../shared/locale.ts';

const en = {
  usage: `Usage: npm run leads -- [filters] [--limit N | --csv | --excel]

The latest leads, newest first, as the inbox lists them.

  --status <status>    {statuses}, or as the table names it
  --service <service>  {services}, or as the table names it
  --locale <language>  {locales}: the language the lead booked in
  --from <YYYY-MM-DD>  received on this day or later ({zone} time)
  --to <YYYY-MM-DD>    received on this day or earlier
  --overdue            only pending leads past the {hours}-hour promise
  --unseen             only leads no operator has opened yet
  --spam               the requests taken for spam instead (restore one in the inbox)
  --search <text>      in the name, email, phone and business
  --source <source>    only leads whose visit came with this utm_source (exactly)
  --campaign <name>    only leads whose visit came with this utm_campaign (exactly)
  --limit <N>          how many to show, 1 to {max} (default {default})
  --csv                instead of the table: every lead the filters match, as CSV on standard output
  --excel              as --csv, with semicolons, as Excel with Bulgarian or German settings opens it

Put a value with spaces in quotes: --service "Support Automation".`,
  headers: { name: 'Name', business: 'Business', service: 'Service', status: 'Status', received: 'Received (Sofia)', age: 'Age', clock: 'Call back' },
  left: '{time} left',
  overdue: 'overdue {time}',
  unseen: '• not opened yet',
  none: 'No leads match.',
  more: 'More leads match: show up to {max} with --limit, or narrow the filters.',
  errors: {
    unknownFlag: 'Unknown option {flag}.',
    needsValue: '{flag} needs a value.',
    takesNoValue: '{flag} takes no value.',
    twice: '{flag} is given twice.',
    argument: 'Unexpected {argument}: the filters are options, such as --search {argument}.',
    oneOf: '{flag} must be one of: {values}.',
    day: '{flag} must be a day written as YYYY-MM-DD, such as {example}.',
    range: '--to must not be a day before --from.',
    search: '--search must be at most {max} characters.',
    tag: '{flag} must be 1 to {max} characters.',
    limit: '--limit must be a whole number from 1 to {max}.',
    limitWithCsv: '--limit does not apply to --csv or --excel, which write every lead the filters match.',
    csvOrExcel: 'Choose --csv or --excel, not both.',
    help: 'See npm run leads -- --help.',
  },
};

export type LeadsCommandTexts = typeof en;

export const leadsCommandTexts: Record<Locale, LeadsCommandTexts> = {
  en,
  bg: {
    usage: `Употреба: npm run leads -- [филтри] [--limit N | --csv | --excel]

Последните заявки, най-новите първи, както ги показва входящата кутия.

  --status <статус>    {statuses} или както е в таблицата
  --service <услуга>   {services} или както е в таблицата
  --locale <език>      {locales}: езикът, на който е заявката
  --from <ДД.ММ.ГГГГ>  получени на този ден или по-късно (време {zone}); или ГГГГ-ММ-ДД
  --to <ДД.ММ.ГГГГ>    получени на този ден или по-рано
  --overdue            само чакащи заявки след обещаните {hours} часа
  --unseen             само заявки, които никой оператор още не е отворил
  --spam               вместо тях заявките, приети за спам (възстановяват се във входящата кутия)
  --search <текст>     в името, имейла, телефона и фирмата
  --source <източник>  само заявки от посещение с този utm_source (точно)
  --campaign <име>     само заявки от посещение с тази utm_campaign (точно)
  --limit <N>          колко да се покажат, от 1 до {max} (по подразбиране {default})
  --csv                вместо таблицата: всички заявки по филтрите като CSV на стандартния изход
  --excel              като --csv, но с точка и запетая, както го отваря Excel с български настройки

Стойност с интервали се слага в кавички: --service "Support Automation".`,
    headers: { name: 'Име', business: 'Фирма', service: 'Услуга', status: 'Статус', received: 'Получена (София)', age: 'Преди', clock: 'Обаждане' },
    left: 'остават {time}',
    overdue: 'закъснение {time}',
    unseen: '• още неотворена',
    none: 'Няма заявки по тези филтри.',
    more: 'Има още заявки: покажете до {max} с --limit или стеснете филтрите.',
    errors: {
      unknownFlag: 'Непозната опция {flag}.',
      needsValue: '{flag} изисква стойност.',
      takesNoValue: '{flag} не приема стойност.',
      twice: '{flag} е зададена два пъти.',
      argument: 'Неочаквано {argument}: филтрите са опции, например --search {argument}.',
      oneOf: '{flag} трябва да е едно от: {values}.',
      day: '{flag} трябва да е ден във вида ДД.ММ.ГГГГ или ГГГГ-ММ-ДД, например {example}.',
      range: '--to не може да е ден преди --from.',
      search: '--search може да е най-много {max} знака.',
      tag: '{flag} трябва да е от 1 до {max} знака.',
      limit: '--limit трябва да е цяло число от 1 до {max}.',
      limitWithCsv: '--limit не важи за --csv и --excel, които записват всички заявки по филтрите.',
      csvOrExcel: 'Изберете --csv или --excel, не и двете.',
      help: 'Вижте npm run leads -- --help.',
    },
  },
};
