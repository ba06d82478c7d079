import { readFileSync, readdirSync } from 'node:fs';
import { detectRecurring, type Transaction } from '../src/index';
const dir = '/work/shared/recurring-dev/corpus';
const hs = readdirSync(dir).filter((f) => /^user_\d+\.json$/.test(f)).map((f) => (JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as { transactions: Transaction[] }).transactions);
const n = hs.reduce((s, h) => s + h.length, 0);
for (let r = 0; r < 12; r++) { const c = process.cpuUsage(); for (const h of hs) detectRecurring(h); const u = process.cpuUsage(c); if (r % 3 === 2) console.log((n / ((u.user + u.system) / 1e6) / 1e6).toFixed(3)); }
