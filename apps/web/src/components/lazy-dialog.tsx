/**
 * A dialog whose code loads on demand, so the screens that offer it do not carry Radix's dialog
 * and the popup's content in their first script. The code is fetched once the browser
 * is idle after the opener first shows, so the first click rarely waits; should it wait, the
 * popup appears as soon as the code is in. Once opened, the dialog stays mounted, so it can
 * animate closed and hand focus back to whatever opened it.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '@/lib/when-idle';

export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
) {
  let loading: Promise<ComponentType<P>> | undefined;
  // A failed fetch is forgotten, so opening the dialog asks again.
  const loadOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Loaded = lazy(async () => ({ default: await loadOnce() }));

  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [hasOpened, setHasOpened] = useState(open);
    if (open && !hasOpened) setHasOpened(true);
    useEffect(() => {
      whenIdle(() => void loadOnce().catch(() => undefined));
    }, []);
    if (!hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
