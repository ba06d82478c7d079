/**
 * The two questions people ask before linking a bank (docs/linking.md, "Data safety"), answered
 * with the product's promises. Each opens in a dialog from a plain text button under the main
 * action.
 */
import { useState, type ReactNode } from 'react';
import { CreditCard, EyeOff, Landmark, Wallet } from 'lucide-react';
import { dataSafetyPromises } from '@/components/data-safety-promises';
import { IconList, type IconListItem } from '@/components/icon-list';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { track } from '@/lib/analytics';
import { LINKING_PROVIDER_NAME } from '@billow/contracts';
import { linkingTexts } from '../linking-messages';

const accountPoints: IconListItem[] = [
  { icon: Landmark, text: 'Checking accounts' },
  { icon: CreditCard, text: 'Credit cards' },
  { icon: Wallet, text: 'Debit cards' },
];

const protectionPoints: IconListItem[] = [
  ...dataSafetyPromises,
  {
    icon: EyeOff,
    text: 'Billow never sees your sensitive bank account details, and you choose what to share',
  },
];

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
        <IconList items={accountPoints} className="mt-5" />
        <p className="mt-5 rounded-2xl bg-muted p-3 text-sm text-muted-foreground">
          You can add or remove accounts later from your profile.
        </p>
      </HelpDialog>
      <HelpDialog
        trigger={linkingTexts.dataProtected}
        modal="data_protection"
        description={`Billow connects to your bank through ${LINKING_PROVIDER_NAME}.`}
      >
        <IconList items={protectionPoints} className="mt-5" />
      </HelpDialog>
    </div>
  );
}
