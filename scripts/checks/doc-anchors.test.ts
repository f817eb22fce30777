/**
 * Every place the repository points into its documentation leads somewhere:
 *  - a citation `docs/<file>.md#<anchor>`, `README.md#<anchor>`, `../<file>.md#<anchor>`… in any source,
 *    schema, script, test or document names a markdown file that exists and a heading of it (GitHub's
 *    anchor: lower case, punctuation dropped, spaces as hyphens, -1, -2 … for repeated headings) or an
 *    explicit `<a id="…">`. A citation is read from the repository root, or from the citing file's folder;
 *    a bare file name (`<file>.md#<anchor>`) may also be a unique file of that name under docs/;
 *  - a mention of a `docs/….md` file without an anchor names a file that exists;
 *  - every relative link of README.md and docs/ (`[text](path)`, `[text](path#anchor)`, `[text](#anchor)`,
 *    images) points at a file or folder that exists, and at a heading of it when it names an anchor.
 * node_modules, build output, generated code and migrations are not read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { anchorsOf, headingsOf, proseLines } from '../lib/markdown.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'coverage',
  '__generated__',
  '.git',
  '.data',
  '.vite',
  'test-results',
  'bench-results',
]);
const SKIPPED_PATHS = new Set(['api/drizzle', 'tmp', 'package-lock.json']);
const BINARY = /\.(png|jpe?g|gif|ico|webp|svg|zip|gz|br|xlsx?|pdf|woff2?|ttf|wasm|tsbuildinfo|lock)$/i;

/** Repository-relative paths of every text file worth reading (sources, schema, scripts, tests, docs, config). */
function repositoryFiles(folder = ''): string[] {
  return fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    // (in a git worktree .git is a file)
    if (SKIPPED_PATHS.has(relative) || SKIPPED_FOLDERS.has(entry.name)) return [];
    if (entry.isDirectory()) return repositoryFiles(relative);
    return entry.isFile() && !BINARY.test(entry.name) ? [relative] : [];
  });
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOfFile(relative: string): Set<string> {
  let anchors = anchorCache.get(relative);
  if (!anchors) {
    anchors = anchorsOf(fs.readFileSync(path.join(ROOT, relative), 'utf8')) as Set<string>;
    anchorCache.set(relative, anchors);
  }
  return anchors;
}

const exists = (relative: string) => fs.existsSync(path.join(ROOT, relative));
const insideRepository = (relative: string) =>
  relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
/** a path as written (`../<file>.md`, `docs/<file>.md`) seen from a folder of the repository, repository-relative */
const from = (folder: string, target: string) => path.posix.normalize(path.posix.join(folder, target));

const markdownFiles = () => {
  const all = repositoryFiles();
  return all.filter((file) => file.endsWith('.md'));
};
let docsFiles: string[] | undefined;
function docsFilesNamed(name: string): string[] {
  docsFiles ??= repositoryFiles('docs');
  return docsFiles.filter((file) => path.posix.basename(file) === name);
}

/**
 * Where a citation written in `file` may point: the path from the repository root, from the citing file's
 * folder, and for a bare name the docs/ files of that name. The first that exists and holds the anchor wins.
 */
function problemOfCitation(file: string, target: string, anchor: string | undefined): string | undefined {
  const candidates = [from('', target), from(path.posix.dirname(file), target)];
  if (!target.includes('/')) {
    const [only, ...others] = docsFilesNamed(target);
    if (only && others.length === 0) candidates.push(only);
  }
  const files = [...new Set(candidates)].filter((candidate) => insideRepository(candidate) && exists(candidate));
  if (files.length === 0) return `no file ${target}`;
  if (anchor === undefined) return undefined;
  if (files.some((candidate) => anchorsOfFile(candidate).has(decodeURIComponent(anchor)))) return undefined;
  return `no heading or anchor #${anchor} in ${files.join(' or ')}`;
}

/** A relative link of a markdown file: from the file's own folder only, as GitHub follows it. */
function problemOfLink(file: string, href: string): string | undefined {
  const [rawTarget = '', anchor] = href.split('#', 2);
  const target = decodeURIComponent(rawTarget);
  const resolved = target === '' ? file : from(path.posix.dirname(file), target);
  if (!insideRepository(resolved)) return `link ${href} leaves the repository`;
  if (!exists(resolved)) return `link ${href}: no file ${resolved}`;
  if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOfFile(resolved).has(decodeURIComponent(anchor)))
    return `link ${href}: no heading or anchor #${anchor} in ${resolved}`;
  return undefined;
}

// `<path>/<file>.md#<anchor>` (or ./, ../ before it), not inside a URL (no letter, slash, dot or colon before it)
const CITATION =
  /(?<![\p{L}\p{N}_/.:~-])((?:\.{1,2}\/)*(?:[\p{L}\p{N}_.-]+\/)*[\p{L}\p{N}_.-]+\.md)#([\p{L}\p{N}_-]+)/gu;
// `docs/….md` without an anchor
const DOCS_MENTION = /(?<![\p{L}\p{N}_/.:~-])(docs\/(?:[\p{L}\p{N}_.-]+\/)*[\p{L}\p{N}_.-]+\.md)(?![#\p{L}\p{N}_-])/gu;
// [text](target "title") and ![alt](target); reference definitions [label]: target
const LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/;
const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

interface Problem {
  where: string;
  problem: string;
}

function problemsOf(file: string): Problem[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const problems = new Map<string, Problem>();
  const report = (line: number, target: string, problem: string | undefined) => {
    if (problem) problems.set(`${line} ${target}`, { where: `${file}:${line}`, problem });
  };
  text.split('\n').forEach((line, index) => {
    for (const [, target = '', anchor = ''] of line.matchAll(CITATION))
      report(index + 1, `${target}#${anchor}`, problemOfCitation(file, target, anchor));
    for (const [, target = ''] of line.matchAll(DOCS_MENTION))
      report(index + 1, target, problemOfCitation(file, target, undefined));
  });
  if (file.endsWith('.md') && (file === 'README.md' || file.startsWith('docs/'))) {
    for (const { line, number } of proseLines(text) as { line: string; number: number }[]) {
      const withoutCode = line.replace(/(`+)(?:(?!\1).)*?\1/g, '');
      const hrefs = [...withoutCode.matchAll(LINK)].map(([, href = '']) => href);
      const definition = DEFINITION.exec(withoutCode)?.[1];
      if (definition) hrefs.push(definition);
      for (const href of hrefs) if (!EXTERNAL.test(href)) report(number, href, problemOfLink(file, href));
    }
  }
  return [...problems.values()];
}

describe("GitHub's heading anchors", () => {
  const anchors = (markdown: string) => (headingsOf(markdown) as { anchor: string }[]).map((heading) => heading.anchor);

  it('lower case, punctuation dropped, each space a hyphen; inline code, links and emphasis by their text', () => {
    expect(
      anchors(
        [
          '## GraphQL limits (bff/src/limits.ts)',
          "### The refresh's tables cheaper to rewrite",
          '## Per-row objects spelt out, and no breakdown',
          '## Faults (`npm run test:faults`)',
          '### **Bold** and [a link](x.md) and `data_versions` ##',
          '## Route preloads: tried and left out',
          '## 1,23,456 rows — ₹ and ×',
        ].join('\n'),
      ),
    ).toEqual([
      'graphql-limits-bffsrclimitsts',
      'the-refreshs-tables-cheaper-to-rewrite',
      'per-row-objects-spelt-out-and-no-breakdown',
      'faults-npm-run-testfaults',
      'bold-and-a-link-and-data_versions',
      'route-preloads-tried-and-left-out',
      '123456-rows---and-',
    ]);
  });

  it('a repeated heading gets -1, -2; headings inside fenced code are not headings; setext headings are', () => {
    expect(anchors('# Rules\n## Rules\n```sh\n# Rules\n```\n### Rules\nMessages\n---\n')).toEqual([
      'rules',
      'rules-1',
      'rules-2',
      'messages',
    ]);
    expect([...(anchorsOf('text <a id="kept-here"></a>') as Set<string>)]).toEqual(['kept-here']);
  });
});

describe('documentation anchors and links', () => {
  const files = repositoryFiles();

  it('reads the sources, schema, scripts, tests and documents (not node_modules, builds or generated code)', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/engineering.md');
    expect(files).toContain('scripts/test.mjs');
    expect(files.some((file) => file.startsWith('schema/') && file.endsWith('.graphql'))).toBe(true);
    expect(files.some((file) => file.startsWith('web/src/') && file.endsWith('.tsx'))).toBe(true);
    expect(files.some((file) => file.split('/').some((part) => SKIPPED_FOLDERS.has(part)))).toBe(false);
    expect(markdownFiles().length).toBeGreaterThan(5);
  });

  // reads about a thousand files: a second on a quiet machine, several on a busy one
  it('every cited docs anchor and every relative link of README.md and docs/ resolves', { timeout: 60_000 }, () => {
    const problems = files.flatMap(problemsOf).map(({ where, problem }) => `${where}: ${problem}`);
    expect(problems).toEqual([]);
  });
});
