/**
 * One form field: its label, the control, a hint and the error, with the ids and `aria-*` wired
 * so a screen reader reads the label, then the hint and the error on focus. The control comes
 * from a render function that receives those props, so the same field holds an `Input`, a
 * `Textarea`, a one-time-code input or a control wrapped in decoration (a "$" or "+1" before it):
 *
 *   <Field id="sign-in-code" label="Verification code" error={error}>
 *     {(control) => <Input {...control} autoComplete="one-time-code" … />}
 *   </Field>
 *
 * Ids follow the field's: `{id}-hint` and `{id}-error`. An error the form shows elsewhere (one
 * message for the whole step) is pointed at with `errorId`, and `isInvalid` says whether this
 * field is the one at fault when one message covers several.
 */
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FieldError } from './field-error';
import { Label } from './input';

type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

export function Field({
  id: givenId,
  label,
  labelClassName,
  hint,
  hintClassName,
  error,
  errorId,
  isInvalid,
  className,
  children,
}: {
  /** The control's id; one is made up when not given. */
  id?: string;
  label: ReactNode;
  labelClassName?: string;
  /** Shown under the control and read with it. */
  hint?: ReactNode;
  hintClassName?: string;
  /** Shown under the hint, announced when it appears, and read with the control. */
  error?: string | null;
  /** The id of an error shown outside the field that this control should point at. */
  errorId?: string;
  /** Whether the control is marked invalid; by default, whenever there is an error. */
  isInvalid?: boolean;
  className?: string;
  children(control: FieldControlProps): ReactNode;
}) {
  const madeUpId = useId();
  const id = givenId ?? madeUpId;
  const hintId = `${id}-hint`;
  const ownErrorId = `${id}-error`;
  const describedErrorId = error ? ownErrorId : errorId;
  const describedBy = [hint ? hintId : undefined, describedErrorId].filter(Boolean).join(' ');
  const isMarkedInvalid = isInvalid ?? Boolean(error || errorId);

  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {children({
        id,
        'aria-invalid': isMarkedInvalid ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className={cn('text-xs text-muted-foreground', hintClassName)}>
          {hint}
        </p>
      )}
      <FieldError id={ownErrorId} message={error} />
    </div>
  );
}
