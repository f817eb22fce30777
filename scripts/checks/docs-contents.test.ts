/**
 * The contents lists made from headings (scripts/docs-contents.mjs, docs/decisions.md) are current: every section
 * and subsection is listed, linked to its heading, in order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { DOCUMENTS, withContents } from '../docs-contents.mjs';
// @ts-expect-error plain ESM script without types
import { headingsOf } from '../lib/markdown.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe.each(DOCUMENTS as string[])('the contents list of %s', (document) => {
  const text = fs.readFileSync(path.join(ROOT, document), 'utf8');

  it('is what the generator makes from the headings (run `node scripts/docs-contents.mjs --write`)', () => {
    expect(withContents(text)).toBe(text);
  });

  it('links every ## and ### heading after it', () => {
    const contents = text.slice(text.indexOf('<!-- contents:start -->'), text.indexOf('<!-- contents:end -->'));
    const listed = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]);
    const contentsLine = text.slice(0, text.indexOf('<!-- contents:end -->')).split('\n').length;
    const headings = (headingsOf(text) as { level: number; anchor: string; line: number }[])
      .filter((heading) => heading.line > contentsLine && heading.level >= 2 && heading.level <= 3)
      .map((heading) => heading.anchor);
    expect(headings.length).toBeGreaterThan(100);
    expect(listed).toEqual(headings);
  });
});
