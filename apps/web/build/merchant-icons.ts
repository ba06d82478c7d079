/**
 * Writes `public/logos/{domain}.svg`: for each catalogue merchant whose brand the Simple Icons set
 * has (CC0, `simple-icons` in devDependencies), the brand's mark on the merchant's tile colour,
 * the same tile the monogram uses (src/lib/merchant-marks.ts). Billow serves these itself, so the
 * content security policy and offline use hold with no logo service (docs/logos.md).
 * `src/lib/merchant-marks.test.ts` fails when the written files are not what this module writes.
 *
 * Run `npx tsx build/merchant-icons.ts` (in apps/web) after the test says so.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as simpleIcons from 'simple-icons';
import { marks } from '../src/lib/merchant-marks';

const webRoot = path.resolve(import.meta.dirname, '..');
export const LOGOS_DIR = path.join(webRoot, 'public/logos');
const iconsBySlug = new Map(Object.values(simpleIcons).map((icon) => [icon.slug, icon]));

/** The 24-unit path of a Simple Icons mark. */
function iconPath(slug: string): string {
  const icon = iconsBySlug.get(slug);
  if (!icon) throw new Error(`simple-icons has no "${slug}"`);
  return icon.path;
}

/** Each file name under public/logos/ and its text. */
export function merchantIconFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [domain, background, foreground, , slug] of marks) {
    if (!slug) continue;
    // The 24-unit mark centred on a 40-unit tile with 8 units of room on each side.
    files.set(
      `${domain}.svg`,
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">' +
        `<rect width="40" height="40" fill="${background}"/>` +
        `<path transform="translate(8 8)" fill="${foreground}" d="${iconPath(slug)}"/>` +
        '</svg>\n',
    );
  }
  return files;
}

/** What public/logos/ holds now. */
export function writtenIconFiles(): Map<string, string> {
  if (!fs.existsSync(LOGOS_DIR)) return new Map();
  return new Map(
    fs
      .readdirSync(LOGOS_DIR)
      .sort()
      .map((name) => [name, fs.readFileSync(path.join(LOGOS_DIR, name), 'utf8')]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.rmSync(LOGOS_DIR, { recursive: true, force: true });
  fs.mkdirSync(LOGOS_DIR, { recursive: true });
  for (const [name, text] of merchantIconFiles())
    fs.writeFileSync(path.join(LOGOS_DIR, name), text);
  process.stdout.write(
    `wrote ${merchantIconFiles().size} marks to ${path.relative(webRoot, LOGOS_DIR)}/\n`,
  );
}
