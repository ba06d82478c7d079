import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Input } from './input';
import { Textarea } from './textarea';

describe('Field', () => {
  it('labels its control and reads the hint with it', () => {
    render(
      <Field id="amount" label="Monthly amount" hint="A rough guess is fine.">
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Monthly amount');
    expect(input).toHaveAccessibleDescription('A rough guess is fine.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the control invalid and reads the error after the hint', () => {
    render(
      <Field id="code" label="Verification code" hint="6 digits" error="That code is wrong.">
        {(control) => <Input {...control} autoComplete="one-time-code" />}
      </Field>,
    );
    const input = screen.getByLabelText('Verification code');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'code-hint code-error');
    expect(screen.getByRole('alert')).toHaveTextContent('That code is wrong.');
  });

  it('points at an error shown elsewhere, and can leave the control valid under a form-wide error', () => {
    render(
      <>
        <p id="step-error">Wrong login</p>
        <Field label="Username" errorId="step-error">
          {(control) => <Input {...control} />}
        </Field>
        <Field label="Feedback" error="Could not send" isInvalid={false}>
          {(control) => <Textarea {...control} />}
        </Field>
      </>,
    );
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAccessibleDescription('Wrong login');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    const feedback = screen.getByLabelText('Feedback');
    expect(feedback).toHaveAccessibleDescription('Could not send');
    expect(feedback).not.toHaveAttribute('aria-invalid');
  });
});
