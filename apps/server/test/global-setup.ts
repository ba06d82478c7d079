import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, createServerTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

export default async function setup(project: TestProject) {
  // Suites that start Billow as a person does (child-server.ts) run the built server: brought up
  // to date once here rather than by the first of them, inside its time limit.
  const built = spawnSync(process.execPath, ['scripts/server-build.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('The server failed to build.');
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    await createServerTemplate(databaseUrl);
    project.provide('pgliteTemplatePath', '');
    return;
  }
  const templatePath = await createPgliteTemplate();
  project.provide('pgliteTemplatePath', templatePath);
  return async () => {
    await fs.rm(templatePath, { force: true });
  };
}
