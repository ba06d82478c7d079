/**
 * `npm run giftcards:load -- stock.csv`: adds gift cards to the stock. The file has a header row
 * naming its columns — merchantId or serviceName, cardNumber, cardValue, and optionally
 * expiryDate (YYYY-MM-DD) — then one card per line. Numbers are encrypted before they are
 * stored and never printed; a card already in stock is skipped. With the embedded database, stop
 * Billow first (one process at a time opens it).
 */
import fs from 'node:fs/promises';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateDatabase } from '../db/migrate';
import { createGiftCardsService, parseGiftCardCsv } from '../modules/gift-cards/gift-cards.service';
import { createFieldCipher } from '../security/encryption';
import { loadSecrets } from '../security/secrets';

async function main() {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('Usage: npm run giftcards:load -- <file.csv>\n');
    process.exit(2);
  }
  const config = loadConfig();
  const rows = parseGiftCardCsv(await fs.readFile(file, 'utf8'));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: 2,
  });
  try {
    await migrateDatabase(database);
    const secrets = loadSecrets(config);
    const service = createGiftCardsService({
      db: database.db,
      cipher: createFieldCipher(secrets.encryptionKey),
      digestKey: secrets.authSecret,
      // Loading stock shows nobody a card.
      paymentFor: async () => ({ isReleased: false, payment: null }),
      fundedRenewalOf: async () => undefined,
      billOf: async () => undefined,
    });
    const { added, skipped } = await service.load(rows);
    process.stdout.write(`Added ${added} gift card(s); ${skipped} already in stock.\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
