import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accessTokenRoutes, accessTokenScopeTexts, type AccessToken } from '@billow/contracts';
import { json, mockApi, problem } from '@test/mock-api';
import { renderScreen, storeSession } from '@test/render-app';
import { AccessTokensCard, accessTokensTexts } from './access-tokens-card';

const SECRET = `bpat_${'x'.repeat(43)}`;

const aToken = (change: Partial<AccessToken> = {}): AccessToken => ({
  id: '6f1c2b9e-8a4d-4c1e-9b7a-0e2d3f4a5b6c',
  name: 'Budget spreadsheet',
  scopes: ['read'],
  createdAt: '2026-11-02T10:00:00.000Z',
  lastUsedAt: null,
  ...change,
});

function renderCard(...lists: Parameters<ReturnType<typeof mockApi>['on']>[1][]) {
  storeSession();
  const api = mockApi().on(accessTokenRoutes.list, ...lists);
  renderScreen(<AccessTokensCard />);
  return api;
}

const card = () => screen.getByRole('region', { name: accessTokensTexts.title });

describe(AccessTokensCard.name, () => {
  it('lists the tokens with their scopes and use, and links to the API reference', async () => {
    renderCard(
      json(200, [
        aToken(),
        aToken({
          id: '7f1c2b9e-8a4d-4c1e-9b7a-0e2d3f4a5b6c',
          name: 'Home server',
          scopes: ['read', 'write'],
          lastUsedAt: '2026-11-20T10:00:00.000Z',
        }),
      ]),
    );
    const list = await within(card()).findByRole('list', { name: accessTokensTexts.title });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Budget spreadsheet');
    expect(first).toHaveTextContent(/read · Created Nov 2, 2026 · Never used/);
    expect(second).toHaveTextContent(/read, write · .* · Last used Nov 20, 2026/);
    expect(within(card()).getByRole('link', { name: /API reference/ })).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });

  it('creates a read-only token by name and shows it once, to copy', async () => {
    const user = userEvent.setup();
    const api = renderCard(json(200, []), json(200, [aToken()]));
    api.on(accessTokenRoutes.create, json(200, { accessToken: aToken(), secret: SECRET }));
    expect(await within(card()).findByText(accessTokensTexts.empty)).toBeVisible();

    await user.type(
      within(card()).getByRole('textbox', { name: accessTokensTexts.nameLabel }),
      '  Budget spreadsheet ',
    );
    await user.click(within(card()).getByRole('button', { name: accessTokensTexts.create }));

    const shown = await within(card()).findByRole('textbox', {
      name: accessTokensTexts.newTokenLabel,
    });
    expect(shown).toHaveValue(SECRET);
    expect(within(card()).getByText(accessTokensTexts.newTokenWarning)).toBeVisible();
    expect(api.requestsTo(accessTokenRoutes.create)[0]!.body).toEqual({
      name: 'Budget spreadsheet',
      scopes: [],
    });
    await user.click(within(card()).getByRole('button', { name: accessTokensTexts.copy }));
    // userEvent stands in for the clipboard.
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(SECRET));
    expect(await within(card()).findByRole('listitem')).toHaveTextContent('Budget spreadsheet');

    await user.click(within(card()).getByRole('button', { name: accessTokensTexts.done }));
    expect(within(card()).queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('asks for each scope only when its box is ticked', async () => {
    const user = userEvent.setup();
    const api = renderCard(json(200, []));
    api.on(accessTokenRoutes.create, json(200, { accessToken: aToken(), secret: SECRET }));
    await user.type(
      await within(card()).findByRole('textbox', { name: accessTokensTexts.nameLabel }),
      'Writer',
    );
    for (const box of within(card()).getAllByRole('checkbox')) expect(box).not.toBeChecked();
    await user.click(within(card()).getByRole('checkbox', { name: accessTokenScopeTexts.write }));
    await user.click(
      within(card()).getByRole('checkbox', { name: accessTokenScopeTexts.sensitive }),
    );
    await user.click(within(card()).getByRole('button', { name: accessTokensTexts.create }));
    await within(card()).findByRole('textbox', { name: accessTokensTexts.newTokenLabel });
    expect(api.requestsTo(accessTokenRoutes.create)[0]!.body).toEqual({
      name: 'Writer',
      scopes: ['write', 'sensitive'],
    });
  });

  it('says when a token could not be made, and why when there are too many', async () => {
    const user = userEvent.setup();
    const api = renderCard(json(200, []));
    api.on(
      accessTokenRoutes.create,
      problem(500, 'internal-server-error', 'Down.'),
      problem(409, 'conflict', 'Too many.', {}, 'too-many-access-tokens'),
    );
    const name = await within(card()).findByRole('textbox', { name: accessTokensTexts.nameLabel });
    await user.type(name, 'Script');
    await user.click(within(card()).getByRole('button', { name: accessTokensTexts.create }));
    expect(await within(card()).findByText(accessTokensTexts.createFailed)).toBeVisible();
    await user.click(within(card()).getByRole('button', { name: accessTokensTexts.create }));
    expect(await within(card()).findByText(accessTokensTexts.tooMany)).toBeVisible();
    expect(name).toHaveValue('Script');
  });

  it('revokes a token only after a confirmation', async () => {
    const user = userEvent.setup();
    const api = renderCard(json(200, [aToken()]), json(200, []));
    api.on(accessTokenRoutes.revoke, json(200, { success: true }));
    const revoke = await within(card()).findByRole('button', {
      name: 'Revoke Budget spreadsheet',
    });
    await user.click(revoke);
    const dialog = screen.getByRole('alertdialog', { name: accessTokensTexts.revokeTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo(accessTokenRoutes.revoke)).toHaveLength(0);

    await user.click(revoke);
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', {
        name: accessTokensTexts.revoke,
      }),
    );
    expect(await within(card()).findByText(accessTokensTexts.empty)).toBeVisible();
    expect(api.requestsTo(accessTokenRoutes.revoke)[0]!.body).toEqual({
      accessTokenId: aToken().id,
    });
  });

  it('says the tokens could not load, and Retry loads them', async () => {
    const user = userEvent.setup();
    renderCard(problem(500, 'internal-server-error', 'Down.'), json(200, [aToken()]));
    expect(await within(card()).findByText(accessTokensTexts.loadFailed)).toBeVisible();
    await user.click(within(card()).getByRole('button', { name: 'Retry' }));
    expect(await within(card()).findByRole('listitem')).toHaveTextContent('Budget spreadsheet');
  });
});
