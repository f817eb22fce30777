/**
 * The versioning policy of docs/integrators.md#changes-and-deprecation, checked on the schema: every
 * `@deprecated(reason: …)` in schema/*.graphql names its replacement ("Use <name>") and a removal date ("removed on
 * or after YYYY-MM-DD"), and docs/schema-changelog.md announces it with a removal date at least three months after
 * the announcement. A field deprecated without notice, or removed sooner than promised, fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCHEMA_DIR = path.join(ROOT, 'schema');
const CHANGELOG = fs.readFileSync(path.join(ROOT, 'docs/schema-changelog.md'), 'utf8');

interface Deprecation {
  /** "Holding.instrumentType", as the changelog names it. */
  field: string;
  reason: string;
}

/** Every deprecated field, argument or enum value of the schema, named by its enclosing type. */
function deprecations(): Deprecation[] {
  return fs
    .readdirSync(SCHEMA_DIR)
    .filter((file) => file.endsWith('.graphql'))
    .flatMap((file) => {
      let typeName = '';
      return fs
        .readFileSync(path.join(SCHEMA_DIR, file), 'utf8')
        .split('\n')
        .flatMap((line) => {
          const opened = /^(?:extend\s+)?(?:type|input|enum|interface)\s+(\w+)/.exec(line);
          if (opened) typeName = opened[1]!;
          const deprecated = /^\s*(\w+)\b.*@deprecated\(reason:\s*"([^"]*)"\)/.exec(line);
          return deprecated ? [{ field: `${typeName}.${deprecated[1]}`, reason: deprecated[2]! }] : [];
        });
    });
}

/** The changelog's row of a deprecated field: | `Type.field` | `replacement` | announced | removed on or after |. */
function changelogRow(field: string): { announced: string; removal: string } | undefined {
  const row = CHANGELOG.split('\n').find((line) => line.startsWith(`| \`${field}\` |`));
  const dates = row?.match(/\d{4}-\d{2}-\d{2}/g);
  return dates && dates.length === 2 ? { announced: dates[0]!, removal: dates[1]! } : undefined;
}

/** The day three calendar months after `day` (YYYY-MM-DD). */
function threeMonthsAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 3);
  return date.toISOString().slice(0, 10);
}

describe('deprecations (docs/integrators.md#changes-and-deprecation)', () => {
  const found = deprecations();

  it('finds the deprecations of the schema', () => {
    // Holding.instrumentType and HoldingInput.instrumentType at least (docs/schema-changelog.md)
    expect(found.map((deprecation) => deprecation.field)).toEqual(
      expect.arrayContaining(['Holding.instrumentType', 'HoldingInput.instrumentType']),
    );
  });

  it.each(found.map((deprecation) => [deprecation.field, deprecation]))(
    '%s names its replacement and removal date, announced three months ahead',
    (_field, { field, reason }) => {
      expect(reason, field).toMatch(/^Use \S+.*; removed on or after \d{4}-\d{2}-\d{2}$/);
      const removal = /(\d{4}-\d{2}-\d{2})$/.exec(reason)![1]!;
      const row = changelogRow(field);
      expect(row, `docs/schema-changelog.md has no row for ${field}`).toBeDefined();
      expect(row!.removal, field).toBe(removal);
      expect(row!.removal >= threeMonthsAfter(row!.announced), field).toBe(true);
    },
  );
});
