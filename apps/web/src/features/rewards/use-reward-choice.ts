/**
 * The reward the person is saving toward (docs/rewards.md, "Progress and options"): one of the
 * fixed options, kept in this browser only (it is never sent to the server), video streaming until
 * they choose. A stored value that is no longer an option reads as the default. The server names
 * each option after the person's own bill of its kind and says which bill a claim would go toward;
 * until that answer is in, the option reads under its own name, with no bill.
 */
import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  defaultRewardOption,
  rewardOptions,
  type RewardChoice,
  type RewardOption,
} from '@billow/contracts';
import { rewardQueries } from './api/reward-queries';

export const REWARD_CHOICE_STORAGE_KEY = 'rewardChoice';

function storedChoice(): RewardOption {
  try {
    const id = localStorage.getItem(REWARD_CHOICE_STORAGE_KEY);
    return rewardOptions.find((option) => option.id === id) ?? defaultRewardOption;
  } catch {
    // Storage can be off (private modes, policies): the default still works.
    return defaultRewardOption;
  }
}

/** An option under its own name, before the server has said whose bill it is. */
const plainChoice = (option: RewardOption): RewardChoice => ({
  id: option.id,
  name: option.name,
  kind: option.name,
  price: option.price,
  bill: null,
});

function useRewardChoice(): [RewardOption, (option: RewardOption) => void] {
  const [choice, setChoice] = useState(storedChoice);
  const choose = useCallback((option: RewardOption) => {
    setChoice(option);
    try {
      localStorage.setItem(REWARD_CHOICE_STORAGE_KEY, option.id);
    } catch {
      // Not kept past this visit; the choice still applies now.
    }
  }, []);
  return [choice, choose];
}

/** The six options as this person sees them, and the chosen one among them. */
export function useRewardChoices() {
  const [option, choose] = useRewardChoice();
  const choices = useQuery(rewardQueries.choices());
  const list = choices.data ?? rewardOptions.map(plainChoice);
  const target = list.find((c) => c.id === option.id) ?? plainChoice(option);
  return { choices: list, target, choose, query: choices };
}
