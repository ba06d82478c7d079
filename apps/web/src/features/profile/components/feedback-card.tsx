/**
 * Free-text feedback (docs/profile.md, "Feedback"): at most 1000 characters with a live count, sent
 * only when there is something besides spaces. A thank-you replaces the form for 3 s, then the form
 * comes back empty for the next thought.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Heart } from 'lucide-react';
import { FEEDBACK_MAX_LENGTH, profileMessages } from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { PendingLabel } from '@/components/ui/pending-label';
import { Textarea } from '@/components/ui/textarea';
import { useSubmitFeedback } from '../api/use-profile-mutations';

const FEEDBACK_THANK_YOU_MS = 3000;

export function FeedbackCard() {
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isThanking, setThanking] = useState(false);
  const submitFeedback = useSubmitFeedback();

  useEffect(() => {
    if (!isThanking) return;
    const id = setTimeout(() => setThanking(false), FEEDBACK_THANK_YOU_MS);
    return () => clearTimeout(id);
  }, [isThanking]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = feedback.trim();
    if (!trimmed || submitFeedback.isPending) return;
    setError(null);
    submitFeedback.mutate(trimmed, {
      onSuccess: () => {
        setFeedback('');
        setThanking(true);
      },
      onError: () => setError(profileMessages.feedbackFailed),
    });
  }

  return (
    <Card aria-labelledby="feedback-title" className="space-y-4">
      <CardTitle id="feedback-title">Feedback</CardTitle>
      {/* Always in the page, so the thank-you is announced when it appears. */}
      <div aria-live="polite">
        {isThanking && (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <Heart className="size-8 fill-primary/20 text-primary" aria-hidden="true" />
            <p className="font-semibold">Thank you for your feedback!</p>
            <p className="text-sm text-muted-foreground">We read every message.</p>
          </div>
        )}
      </div>
      {!isThanking && (
        <form className="space-y-3" onSubmit={submit} noValidate>
          <Field
            id="feedback-text"
            label="What could Billow do better?"
            hint={`${feedback.length}/${FEEDBACK_MAX_LENGTH} characters`}
            hintClassName="money"
            error={error}
          >
            {(control) => (
              <Textarea
                {...control}
                maxLength={FEEDBACK_MAX_LENGTH}
                value={feedback}
                onChange={(event) => {
                  setFeedback(event.target.value);
                  if (error) setError(null);
                }}
                placeholder="Tell us what you love, or what’s missing…"
              />
            )}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" size="sm" disabled={!feedback.trim() || submitFeedback.isPending}>
              <PendingLabel isPending={submitFeedback.isPending} pendingText="Sending…">
                Send feedback
              </PendingLabel>
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
