// Questions visitors ask before they book, per language. The page shows them and the search data
// repeats them (FAQPage), so both always say the same thing.
import type { Locale } from '../shared/locale.ts';

export interface FaqItem {
  question: string;
  answer: string;
}

export const faq: Record<Locale, FaqItem[]> = {
  en: [
    {
      question: 'What happens after I book a discovery call?',
      answer:
        'We call you within 24 hours to agree on a time for your free call. On it we look at how your business runs today and show you where AI can save you time and money. The call is free and there is no obligation.',
    },
    {
      question: 'Which businesses do you work with?',
      answer:
        'Small and mid-size businesses that want to answer every customer, book more appointments and win new clients without hiring more staff. More than 100 businesses have trusted us so far.',
    },
    {
      question: 'How quickly can you build a website?',
      answer:
        'A website built to turn visitors into customers is usually ready in 3 days. Larger web platforms take a few weeks, depending on their scope.',
    },
    {
      question: 'What can an AI phone caller do for my business?',
      answer:
        'It answers incoming calls, books appointments and handles support questions at any hour. It can also call your leads to follow up or to set a meeting.',
    },
    {
      question: 'Do I need technical knowledge to use your AI systems?',
      answer:
        'No. We set up, connect and look after everything for you, so you only see the results: customers answered, appointments booked and new leads.',
    },
  ],
  bg: [
    {
      question: 'Какво следва, след като запазя консултация?',
      answer:
        'Ще ви се обадим до 24 часа, за да уговорим удобен час за безплатния разговор. В него ще разгледаме как работи бизнесът ви днес и ще ви покажем къде изкуственият интелект може да ви спести време и пари. Разговорът е безплатен и не ви задължава с нищо.',
    },
    {
      question: 'С какви компании работите?',
      answer:
        'С малки и средни компании, които искат да отговарят на всеки клиент, да записват повече срещи и да печелят нови клиенти, без да наемат допълнителен персонал. Досега над 100 компании са ни се доверили.',
    },
    {
      question: 'За колко време изработвате уебсайт?',
      answer:
        'Уебсайт, който превръща посетителите в клиенти, обикновено е готов за 3 дни. По-големите уеб платформи и мобилните приложения отнемат няколко седмици в зависимост от обхвата.',
    },
    {
      question: 'С какво може да ми помогне AI телефонният асистент?',
      answer:
        'Приема входящи обаждания, записва часове и отговаря на въпроси на клиентите по всяко време на денонощието. Може и сам да се обажда на потенциални клиенти, за да проследи запитване или да уговори среща.',
    },
    {
      question: 'Трябват ли ми технически познания, за да използвам вашите AI системи?',
      answer:
        'Не. Ние настройваме, свързваме и поддържаме всичко вместо вас, а вие виждате само резултата: обслужени клиенти, записани срещи и нови запитвания.',
    },
  ],
};
