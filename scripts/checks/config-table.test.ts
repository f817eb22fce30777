/**
 * The configuration table of docs/operations.md is generated from the services' config.ts; this keeps it
 * current and complete: every variable both services read is in it, with a meaning.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_ENV_VARIABLES } from '../../api/src/config.js';
import { BFF_ENV_VARIABLES } from '../../bff/src/config.js';
// @ts-expect-error plain ESM script without types
import { CONFIG_TABLE_DOCUMENT, configRows, documentWithTable } from '../config-table.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface ConfigRow {
  service: string;
  name: string;
  default: string;
  meaning: string;
}

describe('the configuration table of docs/operations.md', () => {
  const document = fs.readFileSync(path.join(ROOT, CONFIG_TABLE_DOCUMENT as string), 'utf8');

  it('is what the generator makes from config.ts (run `node scripts/config-table.mjs --write`)', () => {
    expect(CONFIG_TABLE_DOCUMENT).toBe('docs/operations.md');
    expect(documentWithTable(document)).toBe(document);
  });

  it('lists every variable of both services, each with a meaning', () => {
    const rows = configRows() as ConfigRow[];
    expect(
      rows
        .filter((row) => row.service === 'api')
        .map((row) => row.name)
        .sort(),
    ).toEqual([...API_ENV_VARIABLES].sort());
    expect(
      rows
        .filter((row) => row.service === 'bff')
        .map((row) => row.name)
        .sort(),
    ).toEqual([...BFF_ENV_VARIABLES].sort());
    expect(rows.filter((row) => row.meaning.trim() === '').map((row) => `${row.service} ${row.name}`)).toEqual([]);
  });
});
