/**
 * The banks and card issuers the sandbox Link dialog offers, shaped like Plaid's institution
 * objects. Ids are ours (ins_sbx_*), so nobody mistakes them for Plaid's real ones. The domain
 * lets the web app show a local logo. One institution takes the OAuth redirect path and one asks
 * for a one-time code, so both Link flows can be tried without special credentials.
 */

export type SandboxProduct = 'transactions';

export type SandboxInstitution = {
  institution_id: string;
  name: string;
  domain: string;
  products: SandboxProduct[];
  /** The person signs in on the bank's own page and is redirected back (Plaid's OAuth flow). */
  oauth: boolean;
  /** The bank asks for a one-time device code after the password. */
  mfa: boolean;
  primaryColor: string;
};

type Entry = Omit<SandboxInstitution, 'products' | 'oauth' | 'mfa'> & {
  oauth?: boolean;
  mfa?: boolean;
  /** Names people type for it that its name does not contain. */
  aliases?: string[];
};

const entries: Entry[] = [
  {
    institution_id: 'ins_sbx_chase',
    name: 'Chase',
    domain: 'chase.com',
    primaryColor: '#117aca',
    oauth: true,
    aliases: ['jpmorgan', 'jp morgan'],
  },
  {
    institution_id: 'ins_sbx_bank_of_america',
    name: 'Bank of America',
    domain: 'bankofamerica.com',
    primaryColor: '#e31837',
    aliases: ['bofa', 'boa'],
  },
  {
    institution_id: 'ins_sbx_wells_fargo',
    name: 'Wells Fargo',
    domain: 'wellsfargo.com',
    primaryColor: '#d71e28',
  },
  {
    institution_id: 'ins_sbx_citi',
    name: 'Citi',
    domain: 'citi.com',
    primaryColor: '#056dae',
    aliases: ['citibank'],
  },
  {
    institution_id: 'ins_sbx_capital_one',
    name: 'Capital One',
    domain: 'capitalone.com',
    primaryColor: '#004977',
  },
  {
    institution_id: 'ins_sbx_us_bank',
    name: 'U.S. Bank',
    domain: 'usbank.com',
    primaryColor: '#0c2074',
    aliases: ['us bank', 'usbank'],
  },
  {
    institution_id: 'ins_sbx_pnc',
    name: 'PNC',
    domain: 'pnc.com',
    primaryColor: '#ef7622',
    aliases: ['pnc bank'],
  },
  { institution_id: 'ins_sbx_td_bank', name: 'TD Bank', domain: 'td.com', primaryColor: '#008a00' },
  {
    institution_id: 'ins_sbx_ally',
    name: 'Ally Bank',
    domain: 'ally.com',
    primaryColor: '#650360',
  },
  {
    institution_id: 'ins_sbx_amex',
    name: 'American Express',
    domain: 'americanexpress.com',
    primaryColor: '#006fcf',
    aliases: ['amex'],
  },
  {
    institution_id: 'ins_sbx_discover',
    name: 'Discover',
    domain: 'discover.com',
    primaryColor: '#ff6000',
  },
  {
    institution_id: 'ins_sbx_navy_federal',
    name: 'Navy Federal Credit Union',
    domain: 'navyfederal.org',
    primaryColor: '#003b71',
    mfa: true,
    aliases: ['nfcu', 'navy fed'],
  },
];

/** In the order the Link dialog lists them (most-used first). */
export const sandboxInstitutions: readonly SandboxInstitution[] = entries.map(
  ({ aliases: _aliases, ...entry }) => ({
    ...entry,
    products: ['transactions'],
    oauth: entry.oauth ?? false,
    mfa: entry.mfa ?? false,
  }),
);

export function findInstitution(institutionId: string): SandboxInstitution | undefined {
  return sandboxInstitutions.find((institution) => institution.institution_id === institutionId);
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** 0 is the best match; null is no match. */
function rank(entry: Entry, query: string): number | null {
  const name = normalize(entry.name);
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  if (name.split(' ').some((word) => word.startsWith(query))) return 2;
  if (entry.aliases?.some((alias) => normalize(alias).startsWith(query))) return 3;
  if (name.includes(query) || normalize(entry.domain).startsWith(query)) return 4;
  return null;
}

/**
 * Case-insensitive search by name (and the names people type for a bank: "bofa", "amex"), best
 * matches first: exact name, then name prefix, word prefix, alias, anywhere in the name. Ties keep
 * the dialog's order. An empty query lists every institution.
 */
export function searchInstitutions(query: string): SandboxInstitution[] {
  const wanted = normalize(query);
  if (wanted === '') return [...sandboxInstitutions];
  return entries
    .map((entry, index) => ({ index, score: rank(entry, wanted) }))
    .filter((hit): hit is { index: number; score: number } => hit.score !== null)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .flatMap((hit) => sandboxInstitutions[hit.index] ?? []);
}
