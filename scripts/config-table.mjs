// Builds the configuration table of docs/operations.md from the services' config.ts files: every environment
// variable with its default and the doc comment above it. `node scripts/config-table.mjs --write`
// updates docs/operations.md; without --write it prints the table. scripts/checks/config-table.test.ts keeps it
// current.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './lib/build-state.mjs';

const SERVICES = [
  { name: 'api', file: 'api/src/config.ts' },
  { name: 'bff', file: 'bff/src/config.ts' },
];
const DOCUMENT = 'docs/operations.md';
const START = '<!-- config-table:start -->';
const END = '<!-- config-table:end -->';

function defaultOf(expression, source) {
  // walk the call chain z.….default(x).….describe(…): find .default / .optional
  let node = expression;
  let result = { value: undefined, optional: false };
  while (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    const method = node.expression.name.text;
    if (method === 'default' && node.arguments[0]) result.value = node.arguments[0].getText(source);
    if (method === 'optional') result.optional = true;
    node = node.expression.expression;
  }
  return result;
}

function prettyDefault(text) {
  if (text === undefined) return '';
  const cleaned = text.replace(/^['"`](.*)['"`]$/s, '$1');
  if (/path\.resolve/.test(cleaned))
    return cleaned.includes('web/dist') ? '`web/dist`' : cleaned.includes('schema') ? '`schema/`' : '(computed)';
  if (/^[\d_ *]+$/.test(cleaned)) {
    // numbers like 50 * 1024 * 1024 or 10_000
    const value = Function(`return (${cleaned.replace(/_/g, '')})`)();
    return `\`${value}\``;
  }
  return cleaned === '' ? '(empty)' : `\`${cleaned}\``;
}

/** Variables declared once in shared/ and spread into both services' envSchema (`...NAME`). */
const SHARED_ENV_FILES = ['shared/src/limits/timeout-env.ts', 'shared/src/limits/service-env.ts'];

function parse(relative) {
  const file = path.join(ROOT, relative);
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** The object literal a variable of this name is initialised with in this file (for envSchema: z.object's argument). */
function objectOf(source, name) {
  let found;
  source.forEachChild(function visit(node) {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === name && node.initializer) {
      const init = node.initializer;
      found = ts.isCallExpression(init) ? init.arguments[0] : init;
    }
    node.forEachChild(visit);
  });
  return found && ts.isObjectLiteralExpression(found) ? found : undefined;
}

/** The object literal a spread `...NAME` of an envSchema stands for, from SHARED_ENV_FILES. */
function sharedObject(name) {
  for (const relative of SHARED_ENV_FILES) {
    const source = parse(relative);
    const object = objectOf(source, name);
    if (object) return { source, object };
  }
  throw new Error(`envSchema spreads ${name}, which no file of SHARED_ENV_FILES declares`);
}

/** The envSchema's own properties with the spread ones in their place, each with the file it is written in. */
function envProperties(source, object) {
  return object.properties.flatMap((property) => {
    if (ts.isSpreadAssignment(property)) {
      const shared = sharedObject(property.expression.getText(source));
      return envProperties(shared.source, shared.object);
    }
    return ts.isPropertyAssignment(property) ? [{ source, property }] : [];
  });
}

export function configRows() {
  const rows = [];
  for (const service of SERVICES) {
    const schema = objectOf(parse(service.file), 'envSchema');
    if (!schema) throw new Error(`no envSchema object in ${service.file}`);
    for (const { source, property } of envProperties(schema.getSourceFile(), schema)) {
      const name = property.name.getText(source);
      const comments = ts.getLeadingCommentRanges(source.text, property.getFullStart()) ?? [];
      const doc = comments
        .map((range) => source.text.slice(range.pos, range.end))
        .filter((text) => text.startsWith('/**'))
        .map((text) =>
          text
            .replace(/^\/\*\*|\*\/$/g, '')
            .split('\n')
            .map((line) => line.replace(/^\s*\*\s?/, '').trim())
            .join(' ')
            .trim(),
        )
        .join(' ');
      const { value, optional } = defaultOf(property.initializer, source);
      rows.push({
        service: service.name,
        name,
        default: value !== undefined ? prettyDefault(value) : optional ? '(unset)' : '(required)',
        meaning: doc,
      });
    }
  }
  return rows;
}

export function configTable() {
  const lines = ['| variable | service | default | meaning |', '|---|---|---|---|'];
  for (const row of configRows())
    lines.push(`| \`${row.name}\` | ${row.service} | ${row.default} | ${row.meaning.replace(/\|/g, '\\|')} |`);
  return lines.join('\n');
}

/** The path of the document that holds the table, from the repository root. */
export const CONFIG_TABLE_DOCUMENT = DOCUMENT;

/** The document's text with its table between the markers made anew. */
export function documentWithTable(text) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOCUMENT} has no ${START} … ${END} section`);
  return `${text.slice(0, start + START.length)}\n${configTable()}\n${text.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--write')) {
    const file = path.join(ROOT, DOCUMENT);
    fs.writeFileSync(file, documentWithTable(fs.readFileSync(file, 'utf8')));
    console.log(`${DOCUMENT}: configuration table updated`);
  } else {
    console.log(configTable());
  }
}
