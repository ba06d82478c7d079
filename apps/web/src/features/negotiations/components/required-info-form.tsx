/**
 * The required-information form (docs/negotiations.md, "Required information"): one input per key
 * of required_user_info. The eligibility confirmation is a checkbox (stored as the string true or
 * false) with the criteria as links; service_selection a dropdown of its comma-separated options;
 * anything else a text input with the merchant's prompt as its hint. Submit waits until every field
 * has a value.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  ELIGIBILITY_CONFIRMATION_LABEL,
  SERVICE_SELECTION_PLACEHOLDER,
  fieldHelp,
  requiredUserInfoLabels,
  type NegotiationOffer,
  type RequiredUserInfoField,
} from '@billow/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useSubmitRequiredInfo } from '../api/negotiation-queries';

const requiredInfoTexts = {
  submit: 'Submit',
  submitting: 'Submitting…',
  failed: 'The information could not be sent. Please check it and try again.',
  notWaiting: 'This negotiation is no longer waiting for information.',
} as const;

const labelOf = (field: string) =>
  requiredUserInfoLabels[field as RequiredUserInfoField] ?? field.replaceAll('_', ' ');

const optionsOf = (prompt: string) =>
  prompt
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean);

/**
 * Criteria are shown as links (docs/negotiations.md, "Required information"); a criterion that is
 * an address links to it.
 */
function criterionHref(criterion: string, website: string | null): string {
  if (/^https?:\/\//.test(criterion)) return criterion;
  return website ? `https://${website.replace(/^https?:\/\//, '')}` : '#';
}

export function RequiredInfoForm({
  offer,
  onSubmitted,
}: {
  offer: NegotiationOffer;
  onSubmitted?: () => void;
}) {
  const fields = Object.entries(offer.required_user_info ?? {});
  const [values, setValues] = useState<Record<string, string>>({});
  const submit = useSubmitRequiredInfo();
  const formId = useId();
  const filled = fields.filter(([field]) =>
    field === 'eligibility_confirmation'
      ? values[field] === 'true'
      : Boolean(values[field]?.trim()),
  ).length;
  const fieldErrors = new Map(
    submit.error instanceof ApiError
      ? (submit.error.problem?.errors ?? []).map((e) => [e.field, e.message])
      : [],
  );
  const set = (field: string, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const requiredInfo = Object.fromEntries(
      fields.map(([field]) => [
        field,
        field === 'eligibility_confirmation'
          ? (values[field] ?? 'false')
          : (values[field] ?? '').trim(),
      ]),
    );
    submit.mutate(
      { subscriptionId: offer.subscription_id, requiredInfo },
      { onSuccess: () => onSubmitted?.() },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      className="space-y-4"
      aria-label={`Information for ${offer.service_name}`}
    >
      {fields.map(([field, prompt]) => {
        const id = `${formId}-${field}`;
        const error = fieldErrors.get(field);
        if (field === 'eligibility_confirmation') {
          return (
            <div key={field} className="space-y-2">
              {offer.eligibility_criteria.length > 0 && (
                <ul className="list-disc space-y-1 pl-5 text-sm">
                  {offer.eligibility_criteria.map((criterion) => (
                    <li key={criterion}>
                      <a
                        className="text-primary underline underline-offset-2"
                        href={criterionHref(criterion, offer.merchant_website_url)}
                        target="_blank"
                        rel="noreferrer"
                      >
                        {criterion}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              <label htmlFor={id} className="flex items-start gap-2 text-sm">
                <input
                  id={id}
                  type="checkbox"
                  className="mt-0.5 size-4"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  checked={values[field] === 'true'}
                  onChange={(event) => set(field, event.target.checked ? 'true' : 'false')}
                />
                <span>{ELIGIBILITY_CONFIRMATION_LABEL}</span>
              </label>
              {error && (
                <p id={`${id}-error`} className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
          );
        }
        if (field === 'service_selection') {
          return (
            <Field key={field} id={id} label={labelOf(field)} error={error ?? null}>
              {(control) => (
                <select
                  {...control}
                  className="h-11 w-full rounded-xl border bg-background px-3 text-sm"
                  value={values[field] ?? ''}
                  onChange={(event) => set(field, event.target.value)}
                >
                  <option value="" disabled>
                    {SERVICE_SELECTION_PLACEHOLDER}
                  </option>
                  {optionsOf(prompt).map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          );
        }
        return (
          <Field
            key={field}
            id={id}
            label={labelOf(field)}
            hint={fieldHelp(labelOf(field), prompt)}
            error={error ?? null}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                value={values[field] ?? ''}
                onChange={(event) => set(field, event.target.value)}
              />
            )}
          </Field>
        );
      })}
      {submit.isError && fieldErrors.size === 0 && (
        <p role="alert" className="text-sm text-destructive">
          {submit.error instanceof ApiError &&
          submit.error.problemCode === 'negotiation-not-waiting'
            ? requiredInfoTexts.notWaiting
            : requiredInfoTexts.failed}
        </p>
      )}
      <Button
        type="submit"
        className="w-full"
        disabled={submit.isPending || filled < fields.length}
      >
        {submit.isPending ? requiredInfoTexts.submitting : requiredInfoTexts.submit}
      </Button>
    </form>
  );
}
