/**
 * The recovery-email verification (docs/profile.md, "Security"): ask the server to email a code,
 * then open the dialog that takes it. After an email change the request waits 500 ms first
 * (docs/profile.md, "Security" "Email update to verification request pause"), giving the saved
 * address time to settle before a code is sent to it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { useSendEmailVerification } from '../api/use-profile-mutations';
import { describeCodeJustSent, describeSendVerificationError } from '../api/profile-errors';

const EMAIL_VERIFICATION_PAUSE_MS = 500;

export function useEmailVerificationFlow() {
  const [isDialogOpen, setDialogOpen] = useState(false);
  const send = useSendEmailVerification();
  const { mutate } = send;
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(pause.current), []);

  const requestCode = useCallback(
    (options: { isResend?: boolean } = {}) => {
      mutate(undefined, {
        onSuccess: (sent) => {
          setDialogOpen(true);
          if (options.isResend) toast.success(`We emailed a new code to ${sent.email}`);
        },
        onError: (error) => {
          const justSent = describeCodeJustSent(error);
          if (justSent === undefined) return toast.error(describeSendVerificationError(error));
          setDialogOpen(true);
          toast.info(justSent);
        },
      });
    },
    [mutate],
  );

  const requestCodeAfterEmailChange = useCallback(() => {
    clearTimeout(pause.current);
    pause.current = setTimeout(() => requestCode(), EMAIL_VERIFICATION_PAUSE_MS);
  }, [requestCode]);

  return {
    isDialogOpen,
    setDialogOpen,
    requestCode,
    requestCodeAfterEmailChange,
    isSending: send.isPending,
    /** Where the last code went, as the server confirmed it. */
    sentTo: send.data?.email,
  };
}
