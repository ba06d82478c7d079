/**
 * The two questions people ask before linking a bank (spec part 1 §1, §2), answered with the
 * product's promises. Each opens in a dialog from a plain text button under the main action.
 */
import { useState, type ReactNode } from 'react';
import {
  Ban,
  CreditCard,
  EyeOff,
  KeyRound,
  Landmark,
  Lock,
  ShieldCheck,
  UserRoundCheck,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { track } from '@/lib/analytics';
import { LINKING_PROVIDER, linkingTexts } from '../linking-messages';

type Point = { icon: LucideIcon; text: string };

const accountPoints: Point[] = [
  { icon: Landmark, text: 'Checking accounts' },
  { icon: CreditCard, text: 'Credit cards' },
  { icon: Wallet, text: 'Debit cards' },
];

const protectionPoints: Point[] = [
  { icon: ShieldCheck, text: `${LINKING_PROVIDER} is used by many of the financial apps you know` },
  { icon: Lock, text: 'Your data is encrypted with AES-256' },
  { icon: UserRoundCheck, text: 'You own your data' },
  { icon: Ban, text: 'Your data is never sold or shared for marketing' },
  { icon: KeyRound, text: 'You can revoke access at any time' },
  {
    icon: EyeOff,
    text: 'Billow never sees your sensitive bank account details, and you choose what to share',
  },
];

function PointList({ points }: { points: Point[] }) {
  return (
    <ul className="mt-5 space-y-3 text-sm">
      {points.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-start gap-3">
          <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}

function HelpDialog({
  trigger,
  modal,
  description,
  children,
}: {
  trigger: string;
  /** The analytics name of the dialog. */
  modal: string;
  description: string;
  children: ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (open) track('modal_opened', { modal });
        setOpen(open);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="link" size="sm" className="h-auto py-1">
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{trigger}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children}
        <Button className="mt-6 w-full" onClick={() => setOpen(false)}>
          Got it
        </Button>
      </DialogContent>
    </Dialog>
  );
}

export function LinkHelpDialogs() {
  return (
    <div className="flex flex-col items-center gap-1">
      <HelpDialog
        trigger={linkingTexts.whichAccounts}
        modal="which_accounts"
        description="Link the accounts you pay your bills and subscriptions with. The more you link, the more Billow can find."
      >
        <PointList points={accountPoints} />
        <p className="mt-5 rounded-2xl bg-muted p-3 text-sm text-muted-foreground">
          You can add or remove accounts later from your profile.
        </p>
      </HelpDialog>
      <HelpDialog
        trigger={linkingTexts.dataProtected}
        modal="data_protection"
        description={`Billow connects to your bank through ${LINKING_PROVIDER}.`}
      >
        <PointList points={protectionPoints} />
      </HelpDialog>
    </div>
  );
}
