import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  cancellationRoutes,
  subscriptionRoutes,
  type Cancellation,
  type CancellationOptions,
} from '@billow/contracts';
import { json, mockApi } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { aSubscription } from '@test/subscriptions-helpers';
import { BillsCard } from './bills-card';

const verizon = aSubscription({ merchant_name: 'Verizon', amount: 75, category: 'telecom' });

const options: CancellationOptions = {
  subscription_id: verizon.id,
  merchant_name: 'Verizon',
  yearly_cost: 900,
  guide: {
    channels: ['phone', 'in_person'],
    page_url: null,
    phone: '+18009220204',
    email: null,
    notice: null,
    notes: ['Phones still on a device payment plan become due in full when the line is cancelled.'],
    is_generic: false,
  },
  ways: [
    { way: 'call', is_available: true, unavailable_reason: null },
    { way: 'self', is_available: true, unavailable_reason: null },
    { way: 'letter', is_available: false, unavailable_reason: 'No letters.' },
  ],
  steps: ['Call Verizon on +18009220204 and ask to cancel; decline any offer to stay.'],
  letter: { subject: 'Cancellation of my Verizon subscription', body: 'To Verizon…' },
  required_user_info: { account_pin: 'The PIN on your account' },
  cancellation: null,
};

const confirmed: Cancellation = {
  id: '00000000-0000-4000-8000-00000000c001',
  subscription_id: verizon.id,
  merchant_name: 'Verizon',
  way: 'call',
  status: 'CONFIRMED',
  allow_retention_offer: false,
  confirmation_number: 'CX-123456',
  failure_reason: null,
  next_step: null,
  yearly_cost: 900,
  requested_at: '2026-11-20T12:00:00Z',
  confirmed_at: '2026-11-20T12:01:00Z',
  verified_at: null,
  watch_until: '2026-12-24',
  charged_after: [],
  call: {
    stage: 'completed',
    is_reconnecting: false,
    started_at: '2026-11-20T12:00:00Z',
    ended_at: '2026-11-20T12:01:00Z',
    messages: [{ role: 'assistant', message: 'Please cancel.', secondsFromStart: 1 }],
    summary: 'Verizon cancelled the subscription.',
  },
};

async function openSheet(api = mockApi()) {
  storeSession();
  api.on(subscriptionRoutes.listAll, json(200, [verizon]));
  api.on(cancellationRoutes.list, json(200, []));
  const rendered = renderScreen(<BillsCard />);
  await rendered.user.click(await screen.findByRole('button', { name: /Verizon/ }));
  await rendered.user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
  return { ...rendered, api, sheet: await screen.findByRole('dialog', { name: 'Cancel Verizon' }) };
}

describe('the cancel sheet', () => {
  it('says what the bill costs a year, how the merchant is cancelled, and only the ways it takes', async () => {
    const api = mockApi();
    api.on(cancellationRoutes.options, json(200, options));
    const { sheet } = await openSheet(api);
    expect(await within(sheet).findByText('It costs you $900.00 a year.')).toBeVisible();
    expect(within(sheet).getByRole('heading', { name: 'How Verizon is cancelled' })).toBeVisible();
    expect(within(sheet).getByText(/device payment plan/)).toBeVisible();
    expect(
      within(sheet)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['call', 'self']);
  });

  it('asks what the merchant needs before a call, and never allows an offer to stay unless ticked', async () => {
    const api = mockApi();
    api.on(cancellationRoutes.options, json(200, options));
    api.on(cancellationRoutes.cancel, json(200, { ...confirmed, status: 'REQUESTED', call: null }));
    const { sheet, user } = await openSheet(api);
    await user.click(await within(sheet).findByRole('radio', { name: 'Cancel it for me' }));
    const form = within(sheet).getByRole('form', { name: 'Cancel it for me' });
    const submit = within(form).getByRole('button', { name: 'Cancel it for me' });
    expect(submit).toBeDisabled();
    await user.type(within(form).getByLabelText('Account PIN'), '5827');
    await user.click(submit);
    expect(api.requestsTo(cancellationRoutes.cancel).map((r) => r.body)).toEqual([
      {
        subscriptionId: verizon.id,
        method: 'call',
        allowRetentionOffer: false,
        requiredInfo: { account_pin: '5827' },
      },
    ]);
  });

  it('shows the missing fields the server names', async () => {
    const api = mockApi();
    api.on(cancellationRoutes.options, json(200, options));
    api.on(
      cancellationRoutes.cancel,
      json(
        422,
        {
          type: 'https://billow.app/problems/validation',
          title: 'Validation Failed',
          status: 422,
          detail: 'The merchant needs more information for a call.',
          instance: cancellationRoutes.cancel.path,
          code: 'required-info-missing',
          errors: [{ field: 'account_pin', message: 'Required', code: 'required' }],
        },
        { 'content-type': 'application/problem+json' },
      ),
    );
    const { sheet, user } = await openSheet(api);
    await user.click(await within(sheet).findByRole('radio', { name: 'Cancel it for me' }));
    await user.type(within(sheet).getByLabelText('Account PIN'), ' x');
    await user.click(within(sheet).getByRole('button', { name: 'Cancel it for me' }));
    expect(await within(sheet).findByText('Required')).toBeVisible();
  });

  it('shows a confirmed cancellation with its number and the bank watch instead of the ways', async () => {
    const api = mockApi();
    api.on(cancellationRoutes.options, json(200, { ...options, cancellation: confirmed }));
    const { sheet } = await openSheet(api);
    expect(await within(sheet).findByText('Confirmation number CX-123456')).toBeVisible();
    expect(within(sheet).getByText(/no charge by Dec 24, 2026/)).toBeVisible();
    expect(within(sheet).getByRole('list', { name: 'Call progress' })).toBeVisible();
    expect(within(sheet).queryAllByRole('radio')).toHaveLength(0);
  });

  it('says a call picked up again after a crash is reconnecting, not frozen at a stage', async () => {
    const api = mockApi();
    const reconnecting: Cancellation = {
      ...confirmed,
      status: 'IN_PROGRESS',
      confirmation_number: null,
      confirmed_at: null,
      watch_until: null,
      call: { ...confirmed.call!, stage: 'connected', ended_at: null, is_reconnecting: true },
    };
    api.on(cancellationRoutes.options, json(200, { ...options, cancellation: reconnecting }));
    const { sheet } = await openSheet(api);
    expect(await within(sheet).findByRole('status')).toHaveTextContent(
      'Cancelling: Reconnecting the call…',
    );
    expect(within(sheet).queryByRole('list', { name: 'Call progress' })).toBeNull();
  });
});
