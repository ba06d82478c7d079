/**
 * The 'How it works' modal (docs/negotiations.md, "On the screen"): three steps and 'Let's do it'.
 */
import { negotiationMessages } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

const howItWorksSteps = [
  'Submit your bill information.',
  'We negotiate with your provider for you. We never raise your bill or change your plan.',
  "We may text you if we need more information, and we'll tell you when the negotiation succeeds.",
] as const;

export function HowItWorksDialog({
  isOpen,
  onClose,
  onStart,
}: {
  isOpen: boolean;
  onClose(): void;
  onStart(): void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle className="text-lg font-semibold">
          {negotiationMessages.howItWorks}
        </DialogTitle>
        <DialogDescription className="sr-only">How Billow lowers your bills</DialogDescription>
        <ol className="my-4 space-y-3">
          {howItWorksSteps.map((step, index) => (
            <li key={step} className="flex gap-3 text-sm">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
                {index + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
        <Button className="w-full" onClick={onStart}>
          {negotiationMessages.letsDoIt}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
