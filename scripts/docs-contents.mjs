// The contents list of a long document, made from its headings: between `<!-- contents:start -->` and
// `<!-- contents:end -->`, one line per section (##) with its subsections (###) after it, each a link to GitHub's
// anchor of the heading (scripts/lib/markdown.mjs). `node scripts/docs-contents.mjs --write` updates the documents
// of DOCUMENTS; without --write it prints what it would write. scripts/checks/docs-contents.test.ts keeps them current.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/build-state.mjs';
import { headingsOf } from './lib/markdown.mjs';

export const DOCUMENTS = ['docs/decisions.md'];
const START = '<!-- contents:start -->';
const END = '<!-- contents:end -->';

const link = (heading) => `[${heading.text.replace(/([[\]])/g, '\\$1')}](#${heading.anchor})`;

/** The contents list of a markdown text: its ## and ### headings after the contents markers. */
export function contentsOf(text) {
  const end = text.indexOf(END);
  if (end < 0) throw new Error(`no ${START} … ${END} section`);
  const endLine = text.slice(0, end).split('\n').length;
  const sections = [];
  for (const heading of headingsOf(text)) {
    if (heading.line <= endLine || heading.level < 2 || heading.level > 3) continue;
    if (heading.level === 2 || sections.length === 0) sections.push({ heading, subsections: [] });
    else sections[sections.length - 1].subsections.push(heading);
  }
  return sections
    .map(({ heading, subsections }) =>
      subsections.length === 0 ? `- ${link(heading)}` : `- ${link(heading)}: ${subsections.map(link).join(' · ')}`,
    )
    .join('\n');
}

/** The text with its contents list made anew between the markers. */
export function withContents(text) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`no ${START} … ${END} section`);
  return `${text.slice(0, start + START.length)}\n${contentsOf(text)}\n${text.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const document of DOCUMENTS) {
    const file = path.join(ROOT, document);
    const text = withContents(fs.readFileSync(file, 'utf8'));
    if (process.argv.includes('--write')) {
      fs.writeFileSync(file, text);
      console.log(`${document}: contents updated`);
    } else {
      console.log(`${document}:\n${contentsOf(text)}`);
    }
  }
}
