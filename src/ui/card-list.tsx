import type { ReactNode } from 'react';

// A card's, its title's and its text's classes, by where the card's marker stands: beside the words,
// above them, or above them on a card inside a panel, where the words are smaller. Whole strings rather
// than cva's parts: the first script cannot spare the bytes, and whole strings pack smaller.
const LOOKS = {
  beside: ['flex gap-4 rounded-2xl border border-line bg-panel/80 p-6', 'font-semibold', 'mt-1 text-slate-300'],
  above: ['relative rounded-2xl border border-line bg-panel/80 p-6', 'mt-5 text-lg font-semibold', 'mt-2 text-slate-300'],
  inset: [
    'rounded-2xl border border-line bg-ink/50 p-5',
    'mt-4 font-semibold text-balance text-white',
    'mt-2 text-sm leading-relaxed text-pretty text-slate-400',
  ],
} as const;

interface CardListProps<T> {
  items: readonly T[];
  look: keyof typeof LOOKS;
  /** An icon or a number, beside or above the card's words. */
  marker: (item: T, index: number) => ReactNode;
  /** A list whose order means something, such as steps. */
  ordered?: boolean;
  /** A heading, unless the list stands under a heading that already names its cards. */
  titleAs?: 'h3' | 'p';
  /** How the cards are laid out: a grid, its columns and gaps. */
  className: string;
}

/** A list of cards, each a marker, a title and a line or two of text. */
export function CardList<T extends { title: string; description: string }>({
  items,
  look,
  marker,
  ordered,
  titleAs: Title = 'h3',
  className,
}: CardListProps<T>) {
  const List = ordered ? 'ol' : 'ul';
  const [card, title, text] = LOOKS[look];
  return (
    <List className={className}>
      {items.map((item, i) => (
        <li key={item.title} className={card}>
          {marker(item, i)}
          {/* Keeps the words one column beside a marker that stands beside them. */}
          <div>
            <Title className={title}>{item.title}</Title>
            <p className={text}>{item.description}</p>
          </div>
        </li>
      ))}
    </List>
  );
}
