/**
 * The three ways out of a subscription in the cancel sheet (docs/cancellations.md): Billow calls
 * for the person, the person does it with the merchant's steps, or sends Billow's ready letter.
 * The last two end with the person's word ("I've cancelled"), which starts the bank watch.
 */
import { useId, useState, type FormEvent } from 'react';
import { Copy, ExternalLink, Mail } from 'lucide-react';
import {
  fieldHelp,
  requiredUserInfoLabels,
  type CancellationOptions,
  type CancellationWay,
  type RequiredUserInfoField,
} from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useCancel, useConfirmCancelled } from '../api/cancellation-queries';

const cancelWayTexts = {
  call: 'Cancel it for me',
  self: "I'll do it myself",
  letter: 'Send a cancellation email or letter',
  callHint:
    'Billow phones the merchant for you, asks to cancel and for a confirmation number. It never takes an offer to stay unless you allow it here.',
  allowOffer: 'Billow may accept an offer to stay (a discount) instead of cancelling',
  startCall: 'Cancel it for me',
  openPage: (merchant: string) => `Open ${merchant}'s cancellation page`,
  number: 'Confirmation number (optional)',
  done: "I've cancelled",
  sent: "I've sent it",
  letterLabel: 'Cancellation letter',
  copy: 'Copy text',
  copied: 'Letter copied',
  copyFailed: 'Copying is not allowed here: select the text and copy it.',
  email: (address: string) => `Email it to ${address}`,
  failed: 'That did not go through. Please try again.',
} as const;

const labelOf = (field: string) =>
  requiredUserInfoLabels[field as RequiredUserInfoField] ?? field.replaceAll('_', ' ');

function CallWay({ options }: { options: CancellationOptions }) {
  const fields = Object.entries(options.required_user_info);
  const [values, setValues] = useState<Record<string, string>>({});
  const [allowOffer, setAllowOffer] = useState(false);
  const cancel = useCancel();
  const formId = useId();
  const errors = new Map(
    cancel.error instanceof ApiError
      ? (cancel.error.problem?.errors ?? []).map((e) => [e.field, e.message])
      : [],
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    cancel.mutate({
      subscriptionId: options.subscription_id,
      method: 'call',
      allowRetentionOffer: allowOffer,
      requiredInfo: Object.fromEntries(fields.map(([f]) => [f, (values[f] ?? '').trim()])),
    });
  }
  const isFilled = fields.every(([f]) => Boolean(values[f]?.trim()));
  return (
    <form className="space-y-4" onSubmit={submit} aria-label={cancelWayTexts.call}>
      <p className="text-sm text-muted-foreground">{cancelWayTexts.callHint}</p>
      {fields.map(([field, prompt]) => (
        <Field
          key={field}
          id={`${formId}-${field}`}
          label={labelOf(field)}
          hint={fieldHelp(labelOf(field), prompt)}
          error={errors.get(field) ?? null}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              value={values[field] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            />
          )}
        </Field>
      ))}
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={allowOffer}
          onChange={(e) => setAllowOffer(e.target.checked)}
        />
        <span>{cancelWayTexts.allowOffer}</span>
      </label>
      {cancel.isError && errors.size === 0 && <FieldError message={cancelWayTexts.failed} />}
      <Button type="submit" className="w-full" disabled={cancel.isPending || !isFilled}>
        {cancelWayTexts.startCall}
      </Button>
    </form>
  );
}

/** "I've cancelled": opens the cancellation (when not yet open) and gives the person's word. */
function DoneButton({
  options,
  way,
  label,
}: {
  options: CancellationOptions;
  way: Exclude<CancellationWay, 'call'>;
  label: string;
}) {
  const [number, setNumber] = useState('');
  const cancel = useCancel();
  const confirm = useConfirmCancelled();
  const id = useId();
  const open = options.cancellation?.status === 'REQUESTED' ? options.cancellation : null;
  async function done() {
    try {
      const cancellation =
        open ??
        (await cancel.mutateAsync({
          subscriptionId: options.subscription_id,
          method: way,
        }));
      await confirm.mutateAsync({
        cancellationId: cancellation.id,
        ...(number.trim() ? { confirmationNumber: number.trim() } : {}),
      });
    } catch {
      // The failure shows below; the person can try again.
    }
  }
  const isPending = cancel.isPending || confirm.isPending;
  return (
    <div className="space-y-3">
      <Field id={`${id}-number`} label={cancelWayTexts.number} error={null}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
          />
        )}
      </Field>
      {(cancel.isError || confirm.isError) && <FieldError message={cancelWayTexts.failed} />}
      <Button className="w-full" disabled={isPending} onClick={() => void done()}>
        {label}
      </Button>
    </div>
  );
}

function SelfWay({ options }: { options: CancellationOptions }) {
  const { guide } = options;
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-2 pl-5 text-sm">
        {options.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {guide.page_url && (
        <a
          href={guide.page_url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline underline-offset-2"
        >
          {cancelWayTexts.openPage(options.merchant_name)}
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      )}
      <DoneButton options={options} way="self" label={cancelWayTexts.done} />
    </div>
  );
}

function LetterWay({ options }: { options: CancellationOptions }) {
  const id = useId();
  const { letter, guide } = options;
  const text = `${letter.subject}\n\n${letter.body}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(cancelWayTexts.copied);
    } catch {
      toast.error(cancelWayTexts.copyFailed);
    }
  }
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <label htmlFor={`${id}-letter`} className="text-sm font-medium">
          {cancelWayTexts.letterLabel}
        </label>
        <Textarea id={`${id}-letter`} readOnly value={text} className="min-h-64 text-sm" />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {cancelWayTexts.copy}
          </Button>
          {guide.email && (
            <a
              className="inline-flex items-center gap-1 self-center text-sm font-medium text-primary underline underline-offset-2"
              href={`mailto:${guide.email}?subject=${encodeURIComponent(letter.subject)}&body=${encodeURIComponent(letter.body)}`}
            >
              <Mail aria-hidden="true" className="size-4" />
              {cancelWayTexts.email(guide.email)}
            </a>
          )}
        </div>
      </div>
      <DoneButton options={options} way="letter" label={cancelWayTexts.sent} />
    </div>
  );
}

/** The available ways as a choice, and the chosen one's panel. */
export function CancelWays({ options }: { options: CancellationOptions }) {
  const waiting = options.cancellation?.status === 'REQUESTED' ? options.cancellation.way : null;
  const available = options.ways.filter((w) => w.is_available).map((w) => w.way);
  const [chosen, setChosen] = useState<CancellationWay | null>(waiting ?? null);
  const name = useId();
  const way = waiting ?? chosen;
  return (
    <div className="space-y-4">
      {!waiting && (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold">How should it be cancelled?</legend>
          {available.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-3 rounded-2xl border p-3 text-sm font-medium has-checked:border-primary has-checked:bg-primary/5"
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={chosen === option}
                onChange={() => setChosen(option)}
                className="size-4"
              />
              {cancelWayTexts[option]}
            </label>
          ))}
        </fieldset>
      )}
      {way === 'call' && <CallWay options={options} />}
      {way === 'self' && <SelfWay options={options} />}
      {way === 'letter' && <LetterWay options={options} />}
    </div>
  );
}
