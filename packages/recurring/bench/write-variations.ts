/**
 * Writes seeded variations (bench/variations.ts) as a corpus folder in the dev set's format,
 * so the dev set's own scorer reads them:
 *
 *   npx tsx packages/recurring/bench/write-variations.ts OUT_DIR [SEED=41] [HOUSEHOLDS=60] [NOISE=standard|rough]
 *   python3 ../shared/recurring-dev/evaluate.py --data OUT_DIR --cmd "npm run --silent detect -- {file}" --cwd .
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateVariations, type NoiseProfile } from './variations';

const [out, seedText = '41', countText = '60', noiseText = 'standard'] = process.argv.slice(2);
if (!out || (noiseText !== 'standard' && noiseText !== 'rough')) {
  console.error('usage: write-variations.ts OUT_DIR [SEED] [HOUSEHOLDS] [standard|rough]');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const noise: NoiseProfile = noiseText;
const households = generateVariations({
  seed: Number(seedText),
  households: Number(countText),
  noise,
});
const users: Record<string, unknown> = {};
for (const household of households) {
  writeFileSync(
    join(out, household.labels.file),
    JSON.stringify({ transactions: household.transactions }),
  );
  users[household.id] = household.labels;
}
writeFileSync(join(out, 'labels.json'), JSON.stringify({ seed: Number(seedText), noise, users }));
console.log(`${households.length} households written to ${out}`);
