/**
 * A short list of promises or facts, each with an icon: the marketing promises (docs/linking.md,
 * "Data safety") appear on sign-in, the funnel and the dashboard, and the data-safety facts before
 * linking (`data-safety-promises.ts`, apart so the sign-in page does not carry their icons).
 */
import { BadgeCheck, HandCoins, Sparkles, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export type IconListItem = { icon: LucideIcon; text: string };

/** What Billow promises: negotiation by AI, free, you keep the savings, same or better service. */
export const billowPromises: IconListItem[] = [
  { icon: Sparkles, text: 'Our AI negotiates your bills for you' },
  { icon: HandCoins, text: 'It’s free, and you keep all the savings' },
  { icon: BadgeCheck, text: 'Same or better service at a lower price' },
];

export function IconList({
  items,
  className,
}: {
  items: readonly IconListItem[];
  className?: string;
}) {
  return (
    <ul className={cn('space-y-3 text-sm', className)}>
      {items.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-start gap-3">
          <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}
