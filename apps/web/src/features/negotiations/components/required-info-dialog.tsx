/**
 * 'Enter Information for {service}' (docs/negotiations.md, "Required information"), as the
 * dashboard's card opens it.
 */
import { negotiationMessages, type NegotiationOffer } from '@billow/contracts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { RequiredInfoForm } from './required-info-form';

export function RequiredInfoDialog({
  offer,
  onClose,
}: {
  /** The negotiation waiting for information; the dialog is closed while there is none. */
  offer: NegotiationOffer | undefined;
  onClose(): void;
}) {
  return (
    <Dialog open={offer !== undefined} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        {offer && (
          <>
            <DialogTitle className="mb-4 text-lg font-semibold">
              {negotiationMessages.enterInformationFor(offer.service_name)}
            </DialogTitle>
            <DialogDescription className="sr-only">
              What {offer.service_name} asks for before Billow can negotiate
            </DialogDescription>
            <RequiredInfoForm offer={offer} onSubmitted={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
