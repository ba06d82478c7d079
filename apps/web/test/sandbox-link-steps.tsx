/**
 * Driving the sandbox Link dialog in tests, step by step, as a person would: a page with an
 * Open Link button, a sandbox bank that answers the institution list and searches, and the
 * clicks and keys of each step.
 */
import { screen, within } from '@testing-library/react';
import { json, mockApi } from '@test/mock-api';
import { renderScreen } from '@test/render-app';
import {
  bankOfAmerica,
  chase,
  institutionsRoute,
  LinkHarness,
  linkCallbacks,
  navyFederal,
} from './linking-helpers';

export const allInstitutions = [chase, bankOfAmerica, navyFederal];

export function sandboxBank() {
  return mockApi()
    .on(institutionsRoute(), json(200, allInstitutions))
    .on(institutionsRoute('navy'), json(200, [navyFederal]))
    .on(institutionsRoute('zzz'), json(200, []));
}

export function renderLink(receivedRedirectUri?: string) {
  const callbacks = linkCallbacks();
  const rendered = renderScreen(
    <LinkHarness {...callbacks} {...(receivedRedirectUri ? { receivedRedirectUri } : {})} />,
  );
  return { ...rendered, ...callbacks };
}

export type User = ReturnType<typeof renderLink>['user'];

export async function openToInstitutions(user: User) {
  await user.click(screen.getByRole('button', { name: 'Open Link' }));
  const consent = await screen.findByRole('dialog', {
    name: 'Billow uses its sandbox bank to connect your accounts',
  });
  await user.click(within(consent).getByRole('button', { name: 'Continue' }));
  return screen.findByRole('dialog', { name: 'Select your institution' });
}

export async function chooseBank(user: User, name: RegExp) {
  const dialog = await openToInstitutions(user);
  await user.click(await within(dialog).findByRole('button', { name }));
}

export async function logIn(user: User, username: string, password: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Enter your credentials' });
  await user.clear(within(dialog).getByLabelText('Username'));
  await user.type(within(dialog).getByLabelText('Username'), username);
  await user.clear(within(dialog).getByLabelText('Password'));
  await user.type(within(dialog).getByLabelText('Password'), password);
  await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
  return dialog;
}
