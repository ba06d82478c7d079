/**
 * The global fallback (docs/dashboard.md, "Routes and fallback pages"): 'Unexpected Application
 * Error!' with the error's status and text, or its message, and the stack trace when there is one.
 */
import { appMessages } from '@billow/contracts';

/** An HTTP-like failure (a status and its text), as a page may throw one. */
function isStatusError(error: unknown): error is { status: number; statusText: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { statusText?: unknown }).statusText === 'string'
  );
}

function describeError(error: unknown): { summary: string; stack: string | undefined } {
  if (isStatusError(error))
    return { summary: `${error.status} ${error.statusText}`, stack: undefined };
  if (error instanceof Error) return { summary: error.message, stack: error.stack };
  return { summary: String(error), stack: undefined };
}

export function ErrorScreen({ error }: { error: unknown }) {
  const { summary, stack } = describeError(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col gap-4 p-6" role="alert">
      <h1 className="text-2xl font-semibold">{appMessages.unexpectedError}</h1>
      <h2 className="text-lg text-destructive">{summary}</h2>
      {stack && (
        <pre className="overflow-x-auto rounded-xl bg-muted p-4 text-xs leading-relaxed text-muted-foreground">
          {stack}
        </pre>
      )}
      <div className="flex gap-3">
        <button
          type="button"
          className="font-semibold text-primary underline"
          onClick={() => window.location.reload()}
        >
          Reload the page
        </button>
        <a className="font-semibold text-primary underline" href="/">
          Go home
        </a>
      </div>
    </main>
  );
}
