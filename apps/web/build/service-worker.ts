/**
 * A Vite plugin that fills in public/sw.js for a build: the list of the app shell's files
 * (index.html, the hashed scripts, styles and fonts, the manifest, icons and merchants' marks
 * under logos/, so they show offline too) and a version
 * named after them, so each deploy with new files is a new service worker with its own cache.
 * Source maps and the build manifest stay out. Runs before build/precompress.ts (which writes
 * the compressed copies at closeBundle, after every writeBundle).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Files of public/ that belong to the shell. */
const PUBLIC_SHELL = [
  'favicon.svg',
  'first-paint.js',
  'manifest.webmanifest',
  'icons/icon.svg',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/icon-maskable-512.png',
  'icons/apple-touch-icon.png',
];

const isShellFile = (fileName: string) =>
  !fileName.endsWith('.map') && !fileName.startsWith('.vite/');

export function serviceWorker(): Plugin {
  let outDir = 'dist';
  let publicDir = 'public';
  return {
    name: 'billow-service-worker',
    // The browser's build only: the prerendering build has no shell.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    writeBundle(_options, bundle) {
      const built = Object.keys(bundle).filter(isShellFile);
      const logos = fs.existsSync(path.join(publicDir, 'logos'))
        ? fs.readdirSync(path.join(publicDir, 'logos')).map((name) => `logos/${name}`)
        : [];
      const shell = [...built, ...PUBLIC_SHELL, ...logos].map((fileName) => `/${fileName}`).sort();
      const hash = crypto.createHash('sha256');
      for (const file of shell) hash.update(file).update(fs.readFileSync(path.join(outDir, file)));
      const version = hash.digest('hex').slice(0, 12);
      const source = fs.readFileSync(path.join(publicDir, 'sw.js'), 'utf8');
      const filled = source
        .replace('const SHELL = [];', `const SHELL = ${JSON.stringify(shell)};`)
        .replace("const VERSION = 'development';", `const VERSION = '${version}';`);
      if (filled === source) throw new Error('public/sw.js lost its SHELL or VERSION line');
      fs.writeFileSync(path.join(outDir, 'sw.js'), filled);
    },
  };
}
