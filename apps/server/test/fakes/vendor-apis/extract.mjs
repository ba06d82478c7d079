#!/usr/bin/env node
/**
 * Cuts the part of a vendor's published OpenAPI document that Billow uses: the operations its
 * adapters call, plus every component those reach through `$ref` (and a few named schemas, e.g.
 * Plaid's webhook bodies), copied unchanged except that examples are left out. The fakes beside
 * this file check their requests and responses against these subsets (vendor-api.ts).
 *
 *   node apps/server/test/fakes/vendor-apis/extract.mjs plaid  <clone of plaid/plaid-openapi>
 *   node apps/server/test/fakes/vendor-apis/extract.mjs openai <clone of openai/openai-openapi>
 *   node apps/server/test/fakes/vendor-apis/extract.mjs twilio <clone of twilio/twilio-oai>
 *   node apps/server/test/fakes/vendor-apis/extract.mjs vapi   <clone of tryAGI/Vapi>
 *
 * A clone may be bare: the document is read from its HEAD with `git show`, and the commit is
 * recorded in the subset's `x-billow-source`.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const PLAID_ENDPOINTS = [
  '/link/token/create',
  '/item/public_token/exchange',
  '/item/get',
  '/item/remove',
  '/institutions/get_by_id',
  '/accounts/get',
  '/transactions/sync',
  '/webhook_verification_key/get',
  '/sandbox/public_token/create',
  '/transfer/authorization/create',
  '/transfer/create',
  '/transfer/event/sync',
];

const VENDORS = {
  plaid: {
    repository: 'plaid/plaid-openapi',
    file: '2020-09-14.yml',
    operations: PLAID_ENDPOINTS.map((p) => [p, 'post']),
    // The webhooks Billow reads (bank-provider.plaid.ts, readPlaidWebhook) and Plaid's error.
    schemas: [
      'PlaidError',
      'SyncUpdatesAvailableWebhook',
      'ItemErrorWebhook',
      'ItemLoginRepairedWebhook',
      'PendingExpirationWebhook',
      'PendingDisconnectWebhook',
      'UserPermissionRevokedWebhook',
      'UserAccountRevokedWebhook',
      'TransferEventsUpdateWebhook',
    ],
  },
  openai: {
    repository: 'openai/openai-openapi',
    file: 'openapi.json',
    operations: [['/chat/completions', 'post']],
    schemas: ['ErrorResponse'],
  },
  // Vapi serves its description at https://api.vapi.ai/api-json; tryAGI/Vapi keeps a dated copy
  // in git (its SDK is generated from it), which is what this reads.
  vapi: {
    repository: 'tryAGI/Vapi',
    file: 'src/libs/Vapi/openapi.yaml',
    operations: [
      ['/call', 'post'],
      ['/call', 'get'],
      ['/call/{id}', 'get'],
    ],
    // The server messages Billow reads (call-agent.vapi.ts). A tool call's `arguments` is typed
    // a string there, while Vapi's server-message guide and real payloads carry an object: the
    // fake sends the object and is not checked against ServerMessageToolCalls.
    schemas: [
      'ServerMessageStatusUpdate',
      'ServerMessageConversationUpdate',
      'ServerMessageEndOfCallReport',
    ],
    // Vapi's call takes an inline assistant, squad or workflow, each a union of dozens of model,
    // voice, transcriber and tool providers: compiled whole, the checks take minutes. The subset
    // keeps what Billow sends (an assistant with an OpenAI model, a Vapi voice, three kinds of
    // tool) and drops the rest, so anything else Billow might start sending is refused until it
    // is added here.
    cut: {
      CreateCallDTO: [
        'squad',
        'squadOverrides',
        'workflow',
        'workflowOverrides',
        'assistantOverrides',
      ],
      Call: ['squad', 'squadOverrides', 'workflow', 'workflowOverrides', 'assistantOverrides'],
      CreateCustomerDTO: ['assistantOverrides'],
      VapiVoice: ['fallbackPlan'],
      // Messages about a call: the chat (Vapi's text conversations) is never there.
      ServerMessageStatusUpdate: ['chat'],
      ServerMessageConversationUpdate: ['chat'],
      ServerMessageEndOfCallReport: ['chat'],
      CreateAssistantDTO: [
        'transcriber',
        'credentials',
        'hooks',
        'voicemailDetection',
        'compliancePlan',
      ],
    },
    only: {
      'CreateAssistantDTO.model': ['OpenAIModel'],
      'CreateAssistantDTO.voice': ['VapiVoice'],
      'OpenAIModel.tools': ['CreateDtmfToolDTO', 'CreateEndCallToolDTO', 'CreateFunctionToolDTO'],
    },
  },
  twilio: {
    repository: 'twilio/twilio-oai',
    file: 'spec/json/twilio_api_v2010.json',
    operations: [['/2010-04-01/Accounts/{AccountSid}/Messages.json', 'post']],
    schemas: [],
  },
};

const [vendorName, clone] = process.argv.slice(2);
const vendor = VENDORS[vendorName];
if (!vendor || !clone) {
  console.error(`usage: extract.mjs <${Object.keys(VENDORS).join('|')}> <clone>`);
  process.exit(2);
}
const git = (...args) => execFileSync('git', ['-C', clone, ...args], { maxBuffer: 1 << 30 });
const commit = git('rev-parse', 'HEAD').toString().trim();
const text = git('show', `HEAD:${vendor.file}`).toString();
const document = vendor.file.endsWith('.json') ? JSON.parse(text) : YAML.parse(text);

/** The value without examples (they are documentation, not shape, and most of the size). */
function withoutExamples(value) {
  if (Array.isArray(value)) return value.map(withoutExamples);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'examples' && key !== 'example')
      .map(([key, child]) => [key, withoutExamples(child)]),
  );
}

const components = {};
const pending = [];
function collectRefs(value) {
  if (Array.isArray(value)) return value.forEach(collectRefs);
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') pending.push(child);
    else collectRefs(child);
  }
}
/** A schema narrowed to what Billow uses (the vendor's `cut` and `only`, see above). */
function narrowed(name, schema) {
  const properties = schema.properties && { ...schema.properties };
  for (const property of vendor.cut?.[name] ?? []) delete properties?.[property];
  for (const [where, keep] of Object.entries(vendor.only ?? {})) {
    const [owner, property] = where.split('.');
    if (owner !== name || !properties?.[property]) continue;
    const union = properties[property].items ?? properties[property];
    const kept = union.oneOf.filter((choice) => keep.includes(choice.$ref.split('/').pop()));
    if (kept.length !== keep.length) throw new Error(`${where}: not every one of ${keep} found`);
    properties[property] = properties[property].items
      ? { ...properties[property], items: { ...union, oneOf: kept } }
      : { ...union, oneOf: kept };
  }
  return properties ? { ...schema, properties } : schema;
}

function addComponent(kind, name) {
  components[kind] ??= {};
  if (components[kind][name]) return;
  const found = document.components?.[kind]?.[name];
  if (!found) throw new Error(`${vendor.repository}: no components.${kind}.${name}`);
  components[kind][name] = withoutExamples(kind === 'schemas' ? narrowed(name, found) : found);
  collectRefs(components[kind][name]);
}

const paths = {};
for (const [route, method] of vendor.operations) {
  const operation = document.paths?.[route]?.[method];
  if (!operation) throw new Error(`${vendor.repository}: no ${method.toUpperCase()} ${route}`);
  paths[route] ??= {};
  paths[route][method] = withoutExamples(operation);
  collectRefs(paths[route][method]);
}
for (const name of vendor.schemas) addComponent('schemas', name);
while (pending.length > 0) {
  const ref = pending.pop();
  const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
  if (!match) throw new Error(`${vendor.repository}: a $ref this script cannot follow: ${ref}`);
  addComponent(match[1], decodeURIComponent(match[2]));
}
for (const kind of Object.keys(components)) {
  components[kind] = Object.fromEntries(
    Object.entries(components[kind]).sort(([a], [b]) => a.localeCompare(b)),
  );
}

const subset = {
  openapi: document.openapi,
  info: { title: document.info.title, version: document.info.version },
  'x-billow-source': {
    repository: `https://github.com/${vendor.repository}`,
    commit,
    file: vendor.file,
    note: 'The operations and components Billow uses, cut by extract.mjs; examples left out.',
  },
  paths,
  components,
};
const here = path.dirname(fileURLToPath(import.meta.url));
const target = path.join(here, `${vendorName}.subset.json`);
writeFileSync(target, `${JSON.stringify(subset, null, 1)}\n`);
process.stdout.write(
  `${target}: ${Object.keys(paths).length} paths, ${Object.keys(components.schemas ?? {}).length} schemas\n`,
);
