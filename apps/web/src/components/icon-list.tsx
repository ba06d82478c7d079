/**
 * A short list of promises or facts, each with an icon: the marketing promises (spec part 1 §1)
 * appear on sign-in, the funnel and the dashboard, and the data-safety facts before linking.
 */
import {
  Ban,
  BadgeCheck,
  HandCoins,
  KeyRound,
  Lock,
  ShieldCheck,
  Sparkles,
  UserRoundCheck,
  type LucideIcon,
} from 'lucide-react';
import { LINKING_PROVIDER_NAME } from '@billow/contracts';
import { cn } from '@/lib/cn';

export type IconListItem = { icon: LucideIcon; text: string };

/** What Billow promises: negotiation by AI, free, you keep the savings, same or better service. */
export const billowPromises: IconListItem[] = [
  { icon: Sparkles, text: 'Our AI negotiates your bills for you' },
  { icon: HandCoins, text: 'It’s free, and you keep all the savings' },
  { icon: BadgeCheck, text: 'Same or better service at a lower price' },
];

/** How linked data is kept safe (spec part 1 §1), said before and on /link. */
export const dataSafetyPromises: IconListItem[] = [
  {
    icon: ShieldCheck,
    text: `${LINKING_PROVIDER_NAME} is used by many of the financial apps you know`,
  },
  { icon: Lock, text: 'Your data is encrypted with AES-256' },
  { icon: UserRoundCheck, text: 'You own your data' },
  { icon: Ban, text: 'Your data is never sold or shared for marketing' },
  { icon: KeyRound, text: 'You can revoke access at any time' },
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
