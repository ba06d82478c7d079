/**
 * How lint's import rules (eslint.config.js: no import cycles) find the file an import names:
 * Node's resolution with TypeScript's extensions, plus the web's `@/` alias for apps/web/src and
 * `@test/` for apps/web/test (apps/web/tsconfig.json "paths"). Plain JavaScript, so it needs no native bindings.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- the import plugin loads a resolver with require(), so this file is CommonJS */
const path = require('node:path');
const node = require('eslint-import-resolver-node');

const webSrc = path.join(__dirname, '..', 'apps', 'web', 'src');
const webTest = path.join(__dirname, '..', 'apps', 'web', 'test');
const aliased = (source) =>
  source.startsWith('@/')
    ? path.join(webSrc, source.slice(2))
    : source.startsWith('@test/')
      ? path.join(webTest, source.slice(6))
      : source;

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) => node.resolve(aliased(source), file, config);
