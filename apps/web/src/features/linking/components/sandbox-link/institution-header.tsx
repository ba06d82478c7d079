import type { SandboxInstitution } from '@billow/contracts';
import { BankLogo } from '@/components/bank-logo';

/** The bank a step is about, at the top of its body, so nobody types a login into the wrong one. */
export function InstitutionHeader({ institution }: { institution: SandboxInstitution }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-muted/60 p-3">
      <BankLogo name={institution.name} website={institution.domain} isDecorative />
      <div className="min-w-0">
        <p className="truncate font-semibold">{institution.name}</p>
        <p className="truncate text-sm text-muted-foreground">{institution.domain}</p>
      </div>
    </div>
  );
}
