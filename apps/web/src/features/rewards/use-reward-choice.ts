/**
 * The reward the person is saving toward (spec part 2 §4, §9): one of the fixed options, kept in
 * this browser only (the spec never sends it to the server), video streaming until they choose.
 * A stored value that is no longer an option reads as the default.
 */
import { useCallback, useState } from 'react';
import { defaultRewardOption, rewardOptions, type RewardOption } from '@billow/contracts';

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

export function useRewardChoice(): [RewardOption, (option: RewardOption) => void] {
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
