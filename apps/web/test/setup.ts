import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';
import { flushAnalytics } from '@/lib/analytics';

// Sections and charts load their code on first use; under a busy machine the first import of a
// module tree can take more than the default second, so findBy… waits up to five.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Sonner keeps toasts in a module-level store and replays the active ones to a new Toaster.
  toast.dismiss();
  // Events a test tracked go to its stand-in server now, not later to a server that is not there.
  flushAnalytics();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});
