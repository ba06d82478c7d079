import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { negotiationRoutes, type NegotiationOffer } from '@billow/contracts';
import { json, mockApi, problem } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { anOffer } from '@test/negotiations-helpers';
import { NegotiationsSection } from './negotiations-section';

function renderSection(
  replies: Parameters<ReturnType<typeof mockApi>['on']>[1][],
  isNegotiationEnabled: boolean | undefined = true,
) {
  storeSession();
  const api = mockApi().on(negotiationRoutes.negotiable, ...replies);
  const onEnable = vi.fn();
  renderScreen(
    <NegotiationsSection
      onBack={vi.fn()}
      isNegotiationEnabled={isNegotiationEnabled}
      onEnable={onEnable}
      isEnabling={false}
      onOpenAnnualConversion={vi.fn()}
      onOpenAnnualCode={vi.fn()}
    />,
  );
  return { api, onEnable };
}

const gym = (): NegotiationOffer =>
  anOffer({
    service_name: 'Planet Fitness',
    required_user_info: {
      eligibility_confirmation: 'Confirm you are eligible',
      service_selection: 'Classic membership, Black Card membership',
    },
    eligibility_criteria: ['Membership active for at least 3 months', 'No unpaid dues'],
  });

describe(NegotiationsSection.name, () => {
  it('asks for Required Information with the checkbox, its criteria as links and the service dropdown', async () => {
    const offer = gym();
    const { api } = renderSection([json(200, [offer])]);
    api.on(
      negotiationRoutes.submitRequiredInfo,
      json(200, { success: true, status: 'IN_PROGRESS' }),
    );
    const form = await screen.findByRole('form', { name: 'Information for Planet Fitness' });
    expect(screen.getByRole('heading', { name: 'Required Information' })).toBeInTheDocument();
    expect(
      within(form)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Membership active for at least 3 months', 'No unpaid dues']);
    const submit = within(form).getByRole('button', { name: 'Submit' });
    await userEvent.click(
      within(form).getByLabelText(
        'I confirm that I have reviewed the eligibility criteria and am eligible for these savings',
      ),
    );
    expect(submit).toBeDisabled();
    const select = within(form).getByRole('combobox');
    expect(within(select).getByRole('option', { name: 'Select service' })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'Black Card membership');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(api.requestsTo(negotiationRoutes.submitRequiredInfo)[0]?.body).toEqual({
        subscriptionId: offer.subscription_id,
        requiredInfo: {
          eligibility_confirmation: 'true',
          service_selection: 'Black Card membership',
        },
      }),
    );
  });

  it('names each answer the server refused next to its field, for screen readers too', async () => {
    const offer = anOffer({
      service_name: 'Verizon',
      required_user_info: {
        account_pin: 'Your account PIN',
        payment_method_last_four: 'Last 4 digits of your card',
      },
    });
    const { api } = renderSection([json(200, [offer])]);
    api.on(negotiationRoutes.submitRequiredInfo, (request) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            type: 'https://billow.app/problems/validation',
            title: 'Validation Error',
            status: 400,
            detail: 'Some of the information is not valid.',
            instance: request.path,
            code: 'required-info-invalid',
            errors: [
              {
                field: 'payment_method_last_four',
                message: 'Enter exactly 4 digits',
                code: 'invalid_format',
              },
            ],
          }),
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const form = await screen.findByRole('form', { name: 'Information for Verizon' });
    await userEvent.type(within(form).getByLabelText('Account PIN'), '5827');
    await userEvent.type(within(form).getByLabelText('Last 4 digits of payment method'), '12a4');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    const lastFour = within(form).getByLabelText('Last 4 digits of payment method');
    await waitFor(() => expect(lastFour).toHaveAttribute('aria-invalid', 'true'));
    expect(lastFour).toHaveAccessibleDescription(expect.stringContaining('Enter exactly 4 digits'));
    expect(within(form).getByLabelText('Account PIN')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a field’s help only when it adds to the label', async () => {
    // A negotiation stored before the catalogue's prompts said more keeps the label's own words.
    const offer = anOffer({
      service_name: 'Verizon',
      required_user_info: {
        account_pin: 'The PIN or passcode on your wireless account (4 to 8 digits)',
        payment_method_last_four: 'Last 4 digits of payment method',
      },
    });
    renderSection([json(200, [offer])]);
    const form = await screen.findByRole('form', { name: 'Information for Verizon' });
    expect(within(form).getByLabelText('Account PIN')).toHaveAccessibleDescription(
      'The PIN or passcode on your wireless account (4 to 8 digits)',
    );
    expect(
      within(form).getByLabelText('Last 4 digits of payment method'),
    ).not.toHaveAccessibleDescription();
    expect(within(form).getAllByText('Last 4 digits of payment method')).toHaveLength(1);
  });

  it('says when the negotiation stopped waiting for information', async () => {
    const offer = anOffer({
      service_name: 'Verizon',
      required_user_info: { account_pin: 'Your account PIN' },
    });
    const { api } = renderSection([json(200, [offer])]);
    api.on(
      negotiationRoutes.submitRequiredInfo,
      problem(409, 'conflict', 'Not waiting.', {}, 'negotiation-not-waiting'),
    );
    const form = await screen.findByRole('form', { name: 'Information for Verizon' });
    await userEvent.type(within(form).getByLabelText('Account PIN'), '5827');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This negotiation is no longer waiting for information.',
    );
  });

  it('shows a running call’s stages, then its outcome and transcript', async () => {
    const running = anOffer({
      status: 'IN_PROGRESS',
      required_user_info: null,
      call: {
        stage: 'negotiating',
        started_at: '2026-11-20T12:00:00.000Z',
        ended_at: null,
        messages: [{ role: 'user', message: 'Thank you for calling Verizon', secondsFromStart: 0 }],
        summary: null,
        is_reconnecting: false,
      },
    });
    renderSection([json(200, [running])]);
    const progress = await screen.findByRole('list', { name: 'Call progress' });
    expect(within(progress).getByText('Negotiating').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.getByText(/Thank you for calling Verizon/)).toBeInTheDocument();
  });

  it('says the call is being reconnected, not frozen at its stage, after the process running it stopped', async () => {
    const picked = anOffer({
      status: 'IN_PROGRESS',
      required_user_info: null,
      call: {
        stage: 'queued',
        started_at: '2026-11-20T12:00:00.000Z',
        ended_at: null,
        messages: [],
        summary: null,
        is_reconnecting: true,
      },
    });
    renderSection([json(200, [picked])]);
    expect(
      await screen.findByText('Reconnecting the call…', { selector: '[role="status"]' }),
    ).toBeInTheDocument();
    // Shown, and told to screen readers once (by the status).
    expect(screen.getAllByText('Reconnecting the call…')).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Call progress' })).not.toBeInTheDocument();
  });

  it('shows the saving of a successful negotiation', async () => {
    renderSection([
      json(200, [
        anOffer({
          status: 'SUCCESSFUL',
          required_user_info: null,
          successful_savings: 120,
          call: {
            stage: 'completed',
            started_at: '2026-11-20T12:00:00.000Z',
            ended_at: '2026-11-20T12:00:05.000Z',
            messages: [],
            summary: 'Verizon agreed to $65.00 a month.',
            is_reconnecting: false,
          },
        }),
      ]),
    ]);
    expect(await screen.findByText('You save $120.00')).toBeInTheDocument();
    expect(screen.getByText('SUCCESSFUL')).toBeInTheDocument();
  });

  it('states a successful negotiation’s one new price in the bill’s cadence, with no “save up to”', async () => {
    renderSection([
      json(200, [
        anOffer({
          service_name: 'HelloFresh',
          status: 'SUCCESSFUL',
          required_user_info: null,
          current_price: 79.99,
          target_price: 71.99,
          estimated_savings: 416,
          negotiated_price: 71.99,
          successful_savings: 416,
          savings_type: 'PRICE_REDUCTION_PERCENTAGE',
          subscription_cadence: 'WEEKLY',
          call: {
            stage: 'completed',
            started_at: '2026-11-20T12:00:00.000Z',
            ended_at: '2026-11-20T12:00:05.000Z',
            messages: [],
            summary: 'HelloFresh agreed to $311.96 a month instead of $346.62.',
            is_reconnecting: false,
          },
        }),
      ]),
    ]);
    const row = (await screen.findAllByText('HelloFresh'))[0]!.closest('li')!;
    expect(
      within(row).getByText('$71.99 a week · was $79.99 · saves $416.00 a year'),
    ).toBeVisible();
    expect(within(row).queryByText(/save up to/)).not.toBeInTheDocument();
    expect(
      within(row).getByText('HelloFresh lowered your bill to $71.99 a week, from $79.99.'),
    ).toBeVisible();
    // The call's own words in months are not shown beside Billow's.
    expect(within(row).queryByText(/\$311\.96/)).not.toBeInTheDocument();
  });

  it('blurs the negotiations behind an overlay that turns negotiation on', async () => {
    const { onEnable } = renderSection([json(200, [anOffer()])], false);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on bill negotiation' }));
    expect(onEnable).toHaveBeenCalled();
  });

  it('treats a missing setting as on', async () => {
    renderSection([json(200, [anOffer()])], undefined);
    expect(
      await screen.findByRole('heading', { name: 'Required Information' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Turn on bill negotiation' }),
    ).not.toBeInTheDocument();
  });

  it('says Unable to Load Negotiations, and Try Again loads them', async () => {
    const { api } = renderSection([
      problem(500, 'internal-server-error', 'Down'),
      json(200, [anOffer()]),
    ]);
    expect(
      await screen.findByText('Unable to Load Negotiations', {}, { timeout: 15000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Failed to load negotiations data. Please try again.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { name: 'Required Information' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(negotiationRoutes.negotiable).length).toBeGreaterThan(1);
  });
});
