/**
 * Funnel step 3: the visitor's guess of their monthly bill (docs/onboarding.md,
 * "The signup funnel"). The field is a text field with the decimal keypad rather than
 * type="number": a number field hides what was typed from scripts ('1.' reads as ''), so edits
 * could not be checked as they happen. min and step still state the rule for assistive tech and
 * autofill.
 */
import { type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { AMOUNT_MAX_TEXT, isValidAmount, sanitizeAmountInput } from '../bill-amount';
import { StepHeading } from './step-heading';

export function BillEstimationStep({
  merchantName,
  amount,
  onAmountChange,
  onNext,
  onUnsure,
}: {
  merchantName: string;
  amount: string;
  onAmountChange(amount: string): void;
  onNext(): void;
  onUnsure(): void;
}) {
  const isValid = isValidAmount(amount);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isValid) onNext();
  }

  return (
    <form className="flex flex-1 flex-col gap-6 pt-4" onSubmit={submit} noValidate>
      <StepHeading className="text-2xl">
        How much do you think you&apos;re paying {merchantName} every month?
      </StepHeading>

      <Field
        id="bill-estimate"
        label="Monthly amount"
        hint={`In US dollars, up to ${AMOUNT_MAX_TEXT}. A rough guess is fine.`}
        hintClassName="text-sm"
      >
        {(control) => (
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-4 flex items-center text-2xl font-semibold text-muted-foreground"
            >
              $
            </span>
            <Input
              {...control}
              name="estimatedAmount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              min="0"
              step="0.01"
              placeholder="0.00"
              value={amount}
              onChange={(event) => onAmountChange(sanitizeAmountInput(amount, event.target.value))}
              className="h-16 pl-10 text-3xl font-semibold money"
            />
          </div>
        )}
      </Field>

      <div className="mt-auto flex flex-col gap-3 lg:mt-8">
        <Button type="submit" size="lg" className="w-full" disabled={!isValid}>
          Next
        </Button>
        <Button variant="ghost" className="w-full" onClick={onUnsure}>
          I&apos;m not sure
        </Button>
      </div>
    </form>
  );
}
