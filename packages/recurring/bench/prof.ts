import { generateCorpus } from '../src/corpus/generate';
import { detectRecurring } from '../src/index';
const users = [];
for (let b = 0; b < 7; b++) users.push(...generateCorpus({ seed: 20_260_331 + b, users: 100 }));
const n = users.reduce((s, u) => s + u.transactions.length, 0);
for (let r = 0; r < 4; r++) {
  const t = performance.now();
  const c = process.cpuUsage();
  for (const u of users) detectRecurring(u.transactions, { asOf: u.asOf });
  const cpu = process.cpuUsage(c);
  console.log(
    `${(n / ((performance.now() - t) / 1000) / 1e6).toFixed(3)} M tx/s wall, ${(n / ((cpu.user + cpu.system) / 1e6) / 1e6).toFixed(3)} M tx/s cpu`,
  );
}
