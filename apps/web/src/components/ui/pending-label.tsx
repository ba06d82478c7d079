import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/** A button's words while it works ("Sending…") with a spinner, else its usual label. */
export function PendingLabel({
  isPending,
  pendingText,
  children,
}: {
  isPending: boolean;
  pendingText: string;
  children: ReactNode;
}) {
  if (!isPending) return <>{children}</>;
  return (
    <>
      <LoaderCircle className="animate-spin" aria-hidden="true" />
      {pendingText}
    </>
  );
}
