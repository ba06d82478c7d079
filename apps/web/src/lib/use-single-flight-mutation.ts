/**
 * A mutation that runs once at a time, for buttons that do one thing (Confirm, Make Primary,
 * Verify). A mutation's `isPending` reaches the screen a tick after `mutate()` — TanStack Query
 * tells observers on a timer — so both clicks of a double-click land on a still-enabled button
 * and send two requests and raise two toasts. This latch closes on the first click, at once;
 * later calls until the screen shows the mutation settled do nothing (`mutateAsync` rejects with `AlreadyPendingError`).
 * Toggles that may change several things in a row keep plain `useMutation`.
 */
import { useCallback, useEffect, useRef } from 'react';
import {
  useMutation,
  type UseMutateAsyncFunction,
  type UseMutateFunction,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';

class AlreadyPendingError extends Error {
  constructor() {
    super('This action is already under way.');
    this.name = 'AlreadyPendingError';
  }
}

export function useSingleFlightMutation<TData, TError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const isInFlight = useRef(false);
  const { mutateAsync: run, isPending, submittedAt } = mutation;
  // The latch opens again once the screen has seen the mutation settle (a render with
  // isPending false for this submission), not when the request ends: a fast answer would
  // otherwise reopen it before the button shows its new state, and the second click get through.
  useEffect(() => {
    if (!isPending) isInFlight.current = false;
  }, [isPending, submittedAt]);

  const mutateAsync = useCallback<UseMutateAsyncFunction<TData, TError, TVariables, TContext>>(
    async (...args) => {
      if (isInFlight.current) throw new AlreadyPendingError();
      isInFlight.current = true;
      return run(...args);
    },
    [run],
  );
  const mutate = useCallback<UseMutateFunction<TData, TError, TVariables, TContext>>(
    (...args) => {
      // Failures reach the caller through the mutation's state and its onError callbacks.
      mutateAsync(...args).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}
