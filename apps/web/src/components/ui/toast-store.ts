/**
 * Which toasts exist, apart from how they are drawn: one message at a time (a new toast closes
 * and drops the one showing), and a dismissed toast kept, closed, for a long removal delay before
 * it leaves the store. Sonner draws them; `onClose` tells it to take one off the screen.
 */
type ToastEntry = { id: number; isOpen: boolean };

export function createToastStore({
  limit,
  removeDelayMs,
  onClose,
}: {
  limit: number;
  removeDelayMs: number;
  onClose(id: number): void;
}) {
  let entries: ToastEntry[] = [];
  let lastId = 0;
  const removals = new Map<number, ReturnType<typeof setTimeout>>();

  function drop(entry: ToastEntry) {
    clearTimeout(removals.get(entry.id));
    removals.delete(entry.id);
    if (entry.isOpen) onClose(entry.id);
  }

  /** Closes a toast (again is nothing) and removes it after the removal delay. */
  function dismiss(id: number): void {
    const entry = entries.find((e) => e.id === id);
    if (!entry?.isOpen) return;
    entries = entries.map((e) => (e.id === id ? { ...e, isOpen: false } : e));
    onClose(id);
    removals.set(
      id,
      setTimeout(() => {
        removals.delete(id);
        entries = entries.filter((e) => e.id !== id);
      }, removeDelayMs),
    );
  }

  return {
    entries: (): readonly ToastEntry[] => entries,

    /** Opens a new toast and returns its id; the oldest beyond the limit are closed and dropped. */
    add(): number {
      const id = ++lastId;
      const kept = entries.slice(0, Math.max(limit - 1, 0));
      for (const entry of entries.slice(kept.length)) drop(entry);
      entries = [{ id, isOpen: true }, ...kept];
      return id;
    },

    dismiss,

    /** Closes every open toast: what a swipe on the one showing does. */
    dismissOpen(): void {
      for (const entry of entries) if (entry.isOpen) dismiss(entry.id);
    },
  };
}
