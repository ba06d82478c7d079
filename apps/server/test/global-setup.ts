import fs from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, createServerTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

export default async function setup(project: TestProject) {
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
