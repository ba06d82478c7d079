/**
 * The loading screen after a link (docs/linking.md, "Loading after a link"): 'Loading Your
 * Subscriptions' while the first transactions arrive, checked at once and every 5 s; then on to the
 * dashboard. A failed check shows 'Loading Error' with its message and still moves on to the
 * dashboard shortly — loading carries on there — with a button to go now.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Check, CircleAlert } from 'lucide-react';
import { BillowMark } from '@/components/layout/billow-logo';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import {
  describeStatusError,
  isLoadingDone,
  transactionLoadStatusQuery,
} from '../api/transaction-load-status';
import { linkingTexts } from '../linking-messages';

/** Long enough to read the error, short enough not to feel stuck. */
const LOADING_ERROR_REDIRECT_MS = 4000;
/** The checklist moves on at this pace; it is a picture of the work, not a measure of it. */
const STAGE_MS = 4000;

const stages = [
  'Connecting to your bank',
  'Reading your transactions',
  'Finding your subscriptions',
];

export function SubscriptionsLoadingScreen() {
  const navigate = useNavigate();
  const status = useQuery(transactionLoadStatusQuery());
  const isDone = isLoadingDone(status.data);
  const isFailed = status.isError;

  useEffect(() => {
    if (isDone) void navigate('/', { replace: true });
  }, [isDone, navigate]);

  useEffect(() => {
    if (!isFailed) return;
    const id = setTimeout(() => void navigate('/', { replace: true }), LOADING_ERROR_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [isFailed, navigate]);

  if (isFailed) {
    // No answer has arrived yet means the very first check failed.
    const message = describeStatusError(status.error, status.dataUpdatedAt === 0);
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-5 py-10 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-destructive/10">
          <CircleAlert className="size-7 text-destructive" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{linkingTexts.loadingError}</h1>
        <p role="alert" className="text-muted-foreground">
          {message}
        </p>
        <p className="text-sm text-muted-foreground">
          Taking you to your dashboard, where your subscriptions will appear once they load.
        </p>
        <Button onClick={() => void navigate('/', { replace: true })}>Go to my dashboard</Button>
      </div>
    );
  }

  return (
    <div
      className="flex flex-1 flex-col items-center justify-center gap-8 py-10 text-center"
      aria-busy="true"
    >
      <LoadingPicture />
      <div className="space-y-2" role="status">
        <h1 className="text-2xl font-bold tracking-tight">{linkingTexts.loadingTitle}</h1>
        <p className="text-muted-foreground">
          {status.data?.isBankPreparing ? linkingTexts.bankPreparing : linkingTexts.loadingUsually}
        </p>
      </div>
      <StageList />
    </div>
  );
}

function LoadingPicture() {
  return (
    <div className="relative flex size-24 items-center justify-center" aria-hidden="true">
      <span className="absolute inset-0 rounded-3xl bg-primary/20 motion-safe:animate-ping [animation-duration:2s]" />
      <BillowMark className="relative size-20" />
    </div>
  );
}

function StageList() {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= stages.length - 1) return;
    const id = setTimeout(() => setStage((current) => current + 1), STAGE_MS);
    return () => clearTimeout(id);
  }, [stage]);

  return (
    <ol aria-label="Progress" className="w-full max-w-xs space-y-3 text-left">
      {stages.map((label, index) => {
        const isComplete = index < stage;
        const isCurrent = index === stage;
        return (
          <li
            key={label}
            aria-current={isCurrent ? 'step' : undefined}
            className="flex items-center gap-3"
          >
            <span
              className={cn(
                'inline-flex size-6 shrink-0 items-center justify-center rounded-full border-2 transition-colors',
                isComplete && 'border-primary bg-primary text-primary-foreground',
                isCurrent && 'border-primary',
                !isComplete && !isCurrent && 'border-border',
              )}
              aria-hidden="true"
            >
              {isComplete && <Check className="size-3.5" />}
              {isCurrent && (
                <span className="size-2 rounded-full bg-primary motion-safe:animate-pulse" />
              )}
            </span>
            <span className={cn('text-sm', !isComplete && !isCurrent && 'text-muted-foreground')}>
              {label}
              {/* The step under way reads as under way: "Finding your subscriptions…". */}
              {isCurrent && '…'}
              {isComplete && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
