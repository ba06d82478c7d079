import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paymentRoutes, type AnnualPlanPayment, type GiftCardResponse } from '@billow/contracts';
import { json, mockApi } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { AnnualCodeScreen } from './payment-screens';

const subscriptionId = '5b0c3a38-8a8e-4f55-9c55-0d3c1f1a2b3c';

function payment(overrides: Partial<AnnualPlanPayment>): AnnualPlanPayment {
  return {
    status: 'ready',
    amount: 99.99,
    paidAt: '2026-11-20T12:00:00.000Z',
    readyBy: null,
    returnedAt: null,
    returnCode: null,
    amountOwed: 0,
    ...overrides,
  };
}

function answer(card: boolean, paid: AnnualPlanPayment): GiftCardResponse {
  return {
    success: card,
    giftCard: card
      ? {
          id: '0f1c3a38-8a8e-4f55-9c55-0d3c1f1a2b3c',
          cardNumberMasked: '•••• •••• •••• 4242',
          merchantId: 4,
          cardValue: 99.99,
          expiryDate: null,
          subscriptionId,
        }
      : null,
    subscription: card ? { renewalDate: '2027-11-20' } : null,
    error: card ? null : 'No gift card is assigned to this subscription yet.',
    payment: paid,
  };
}

function renderCode(reply: GiftCardResponse) {
  storeSession();
  mockApi().on(paymentRoutes.giftCard, json(200, reply));
  renderScreen(
    <AnnualCodeScreen subscriptionId={subscriptionId} serviceName="Hulu" onBack={vi.fn()} />,
  );
}

describe(AnnualCodeScreen.name, () => {
  it('shows the revealed code in groups of four, with how to redeem it', async () => {
    const ready = answer(true, payment({}));
    storeSession();
    mockApi().on(
      paymentRoutes.giftCard,
      json(200, ready),
      json(200, { ...ready, giftCard: { ...ready.giftCard!, cardNumber: '6011000990139424' } }),
    );
    const { user } = renderScreen(
      <AnnualCodeScreen subscriptionId={subscriptionId} serviceName="Hulu" onBack={vi.fn()} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Show full code' }));
    expect(await screen.findByLabelText('Gift card code')).toHaveTextContent('6011 0009 9013 9424');
    expect(screen.getByRole('heading', { name: 'How to redeem' })).toBeVisible();
    expect(screen.getByText('Sign in to Hulu on its website or app.')).toBeVisible();
  });

  it('says the card is on its way and by when, and offers no code until the debit settled', async () => {
    renderCode(
      answer(true, payment({ status: 'on-its-way', readyBy: '2026-11-22T12:00:00.000Z' })),
    );
    expect(await screen.findByText('Your gift card is on its way.')).toBeInTheDocument();
    expect(
      screen.getByText(
        /^Its code will be ready by Nov 2[23], 2026, .+, once your bank has settled/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Masked gift card code')).toHaveTextContent('4242');
    expect(screen.queryByRole('button', { name: 'Show full code' })).not.toBeInTheDocument();
  });

  it('says a returned payment left nothing owed when the card went back', async () => {
    renderCode(
      answer(
        false,
        payment({ status: 'returned', returnedAt: '2026-11-23T12:00:00.000Z', returnCode: 'R01' }),
      ),
    );
    expect(
      await screen.findByText(
        /^Your bank returned the \$99\.99 payment on Nov 23, 2026 \(R01\)\.$/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'The gift card went back to Billow: nothing is owed, and your monthly plan continues.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Failed to get gift card')).not.toBeInTheDocument();
  });

  it('says what is owed, and what to do, when the code had been shown', async () => {
    renderCode(
      answer(
        true,
        payment({
          status: 'returned',
          returnedAt: '2026-11-23T12:00:00.000Z',
          returnCode: 'R01',
          amountOwed: 99.99,
        }),
      ),
    );
    expect(
      await screen.findByText(
        /so the card stays yours and \$99\.99 is owed to Billow\. Please contact support/,
      ),
    ).toBeInTheDocument();
  });
});
