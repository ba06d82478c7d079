import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { negotiationRoutes, type NegotiationOffer } from '@billow/contracts';
import { json, mockApi, problem } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { anOffer } from '@test/negotiations-helpers';
import { NegotiationsCard } from './negotiations-card';

function renderCard(offers: NegotiationOffer[] | 'fails') {
  storeSession();
  const api = mockApi().on(
    negotiationRoutes.negotiable,
    offers === 'fails' ? problem(500, 'internal-server-error', 'Down') : json(200, offers),
  );
  const onViewAll = vi.fn();
  renderScreen(<NegotiationsCard onViewAll={onViewAll} onOpenAnnualConversion={vi.fn()} />);
  return { api, onViewAll };
}

describe(NegotiationsCard.name, () => {
  it('shows at most 3 active negotiations with their badges', async () => {
    renderCard([
      anOffer({ service_name: 'Verizon' }),
      anOffer({ service_name: 'Xfinity', status: 'IN_PROGRESS', required_user_info: null }),
      anOffer({ service_name: 'Done', status: 'SUCCESSFUL', required_user_info: null }),
      anOffer({ service_name: 'GEICO' }),
      anOffer({ service_name: 'AT&T' }),
    ]);
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Negotiations' })).toBeInTheDocument();
    expect(within(list).getAllByText('INPUT REQUIRED')).toHaveLength(2);
    expect(within(list).getByText('IN PROGRESS')).toHaveClass('bg-blue-600');
    expect(within(list).getAllByText('INPUT REQUIRED')[0]).toHaveClass('bg-orange-700');
    expect(screen.queryByText('Done')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View All Negotiations' })).toBeInTheDocument();
  });

  it('reads as empty, and explores, when nothing is active or the list fails to load', async () => {
    const { onViewAll } = renderCard('fails');
    expect(
      await screen.findByRole('heading', { name: 'No Active Negotiations' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Unable to Load Negotiations')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Explore Negotiations' }));
    expect(onViewAll).toHaveBeenCalled();
  });

  it('explains how it works, and Let’s do it goes to the negotiations', async () => {
    const { onViewAll } = renderCard([]);
    await userEvent.click(await screen.findByRole('button', { name: 'How it works' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    expect(dialog).toHaveTextContent('never raise your bill or change your plan');
    await userEvent.click(within(dialog).getByRole('button', { name: "Let's do it" }));
    expect(onViewAll).toHaveBeenCalled();
  });

  it('opens Enter Information for the service, and submits only when every field has a value', async () => {
    const offer = anOffer();
    const { api } = renderCard([offer]);
    api.on(
      negotiationRoutes.submitRequiredInfo,
      json(200, { success: true, status: 'IN_PROGRESS' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /Verizon/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Information for Verizon' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Account PIN'), '5827');
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Last 4 digits of payment method'), '4242');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(api.requestsTo(negotiationRoutes.submitRequiredInfo)[0]?.body).toEqual({
        subscriptionId: offer.subscription_id,
        requiredInfo: { account_pin: '5827', payment_method_last_four: '4242' },
      }),
    );
    await waitFor(() => expect(api.requestsTo(negotiationRoutes.negotiable).length).toBe(2));
  });
});
