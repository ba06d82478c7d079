/** How linked data is kept safe (docs/linking.md, "Data safety"), said before and on /link. */
import { Ban, KeyRound, Lock, ShieldCheck, UserRoundCheck } from 'lucide-react';
import { LINKING_PROVIDER_NAME } from '@billow/contracts';
import type { IconListItem } from './icon-list';

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
