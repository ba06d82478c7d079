/**
 * Choosing the bank: a search box over the sandbox bank's institutions (searched by the server,
 * which knows the names people type, like "bofa") and the list with logos. Arrow keys move from
 * the box into the list and through it; Enter or a tap picks a bank.
 */
import { useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, RotateCw, Search } from 'lucide-react';
import type { SandboxInstitution } from '@billow/contracts';
import { BankLogo } from '@/components/bank-logo';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { institutionsQuery } from '../../api/sandbox-link-api';
import { StepFrame } from './step-frame';

const SEARCH_PAUSE_MS = 150;

function focusOption(list: HTMLElement | null, index: number) {
  const options = list?.querySelectorAll<HTMLButtonElement>('button[data-institution]');
  if (!options?.length) return;
  options[Math.max(0, Math.min(index, options.length - 1))]?.focus();
}

export function InstitutionStep({
  onBack,
  onChoose,
}: {
  onBack: (() => void) | undefined;
  onChoose(institution: SandboxInstitution): void;
}) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const institutions = useQuery(institutionsQuery(query));
  const [list, setList] = useState<HTMLUListElement | null>(null);

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    focusOption(list, 0);
  }

  function onOptionKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number, count: number) {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    if (next < 0) document.getElementById('sandbox-institution-search')?.focus();
    else focusOption(list, next);
  }

  const results = institutions.data ?? [];
  return (
    <StepFrame
      title="Select your institution"
      description="Find the bank or card you pay your bills with."
      onBack={onBack}
    >
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id="sandbox-institution-search"
          type="search"
          data-autofocus
          aria-label="Search for your bank"
          placeholder="Search"
          autoComplete="off"
          maxLength={100}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={onSearchKeyDown}
          aria-controls="sandbox-institution-list"
          className="pl-11"
        />
      </div>
      <div aria-live="polite" className="sr-only">
        {institutions.isSuccess &&
          (results.length === 1 ? '1 institution' : `${results.length} institutions`)}
      </div>
      {institutions.isPending ? (
        <ul aria-label="Loading institutions" aria-busy="true" className="space-y-2">
          {[0, 1, 2, 3, 4].map((row) => (
            <li key={row} className="flex items-center gap-3 p-2">
              <Skeleton className="size-10 rounded-xl" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-3 w-24" />
              </div>
            </li>
          ))}
        </ul>
      ) : institutions.isError && !institutions.data ? (
        <div className="flex flex-col items-center gap-3 py-6 text-center">
          <FieldError message="We couldn’t load the list of banks." />
          <Button variant="outline" size="sm" onClick={() => void institutions.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : results.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          No results for “{query}”. Try another name, like “Chase”.
        </p>
      ) : (
        <ul
          id="sandbox-institution-list"
          ref={setList}
          aria-label="Institutions"
          className="-mx-2 max-h-80 space-y-1 overflow-y-auto p-1"
        >
          {results.map((institution, index) => (
            <li key={institution.institution_id}>
              <button
                type="button"
                data-institution
                onClick={() => onChoose(institution)}
                onKeyDown={(event) => onOptionKeyDown(event, index, results.length)}
                className="flex w-full items-center gap-3 rounded-2xl p-2 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <BankLogo name={institution.name} website={institution.domain} isDecorative />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{institution.name}</span>
                  <span className="block truncate text-sm text-muted-foreground">
                    {institution.domain}
                  </span>
                </span>
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </StepFrame>
  );
}
