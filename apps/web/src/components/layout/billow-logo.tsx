export function BillowMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="16" className="fill-primary" />
      <path
        d="M14 38c6-8 12-8 18 0s12 8 18 0"
        fill="none"
        stroke="white"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <path
        d="M14 26c6-8 12-8 18 0s12 8 18 0"
        fill="none"
        stroke="#99f6e4"
        strokeWidth="6"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function BillowLogo() {
  return (
    <span className="inline-flex items-center gap-2 text-lg font-bold tracking-tight">
      <BillowMark className="size-8" />
      Billow
    </span>
  );
}
