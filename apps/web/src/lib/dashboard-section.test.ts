import { describe, expect, it } from 'vitest';
import {
  sectionFromLocation,
  sectionFromState,
  sectionKey,
  sectionSearch,
} from './dashboard-section';

describe(sectionFromState.name, () => {
  it('preselects a section named by the navigation state', () => {
    expect(sectionFromState({ section: 'profile' })).toEqual({ section: 'profile' });
  });

  it('carries the subscription a flow screen is about', () => {
    expect(sectionFromState({ section: 'annual-conversion', subscriptionId: 's-1' })).toEqual({
      section: 'annual-conversion',
      subscriptionId: 's-1',
    });
    expect(sectionFromState({ section: 'negotiations', subscriptionId: 's-2' })).toEqual({
      section: 'negotiations',
      subscriptionId: 's-2',
    });
  });

  it('keeps only what the section carries', () => {
    expect(sectionFromState({ section: 'rewards', subscriptionId: 's-1', extra: true })).toEqual({
      section: 'rewards',
    });
    expect(sectionFromState({ section: 'negotiations' })).toEqual({ section: 'negotiations' });
  });

  it('falls back to the dashboard for an unknown section, a flow screen without its subscription, or no state', () => {
    for (const state of [
      { section: 'settings' },
      { section: 'annual-code' },
      { section: 'payment-confirmation', subscriptionId: 's-1' },
      { section: 'negotiations', subscriptionId: '' },
      { section: 'annual-code', subscriptionId: 42 },
      { section: 'toString' },
      'profile',
      null,
      undefined,
    ]) {
      expect(sectionFromState(state)).toEqual({ section: 'dashboard' });
    }
  });
});

describe(sectionKey.name, () => {
  it('tells apart the same screen about two subscriptions', () => {
    expect(sectionKey({ section: 'annual-code', subscriptionId: 'a' })).not.toBe(
      sectionKey({ section: 'annual-code', subscriptionId: 'b' }),
    );
  });
});

describe(sectionSearch.name, () => {
  it('writes a section and what it is about as the address query, and reads it back', () => {
    const section = {
      section: 'payment-confirmation',
      subscriptionId: 's-1',
      financialAccountId: 'a-1',
    } as const;
    expect(sectionSearch(section)).toBe(
      '?section=payment-confirmation&subscription=s-1&account=a-1',
    );
    expect(sectionFromLocation({ search: sectionSearch(section), state: null })).toEqual(section);
    expect(sectionSearch({ section: 'dashboard' })).toBe('');
  });

  it('reads a section from the query when the page has no state, and a bad one as the dashboard', () => {
    expect(sectionFromLocation({ search: '?section=rewards', state: null })).toEqual({
      section: 'rewards',
    });
    expect(sectionFromLocation({ search: '?section=annual-code', state: null })).toEqual({
      section: 'dashboard',
    });
    expect(sectionFromLocation({ search: '?cancel=s-1', state: null })).toEqual({
      section: 'dashboard',
    });
    // The page's own state, when there is one, is what the query mirrors.
    expect(sectionFromLocation({ search: '', state: { section: 'calendar' } })).toEqual({
      section: 'calendar',
    });
  });
});
