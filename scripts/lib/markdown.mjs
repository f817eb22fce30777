// Markdown as GitHub reads it, for the documentation checks and generators: the headings of a file
// and the anchors GitHub gives them, so that a citation `docs/<file>.md#<anchor>` can be resolved offline.
// Used by scripts/checks/doc-anchors.test.ts and scripts/docs-contents.mjs.

/**
 * GitHub's heading slug (github-slugger): lower case, every character that is not a letter, a
 * number, a combining mark, a connector (`_`), a space or a hyphen removed, each space a hyphen.
 * "GraphQL limits (bff/src/limits.ts)" → "graphql-limits-bffsrclimitsts".
 */
export function slugOf(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * The text a heading's line renders to, as GitHub slugs it: inline code keeps its content, links
 * and images their text, emphasis markers and HTML tags go, a closing run of `#` goes.
 */
export function headingText(source) {
  return source
    .replace(/\s+#+\s*$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}]))/gu, '')
    .replace(/\\(.)/g, '$1')
    .trim();
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Lines of a markdown text outside fenced code blocks, with their numbers (1-based). Inside a fence a
 * `#` line is code, not a heading.
 */
export function proseLines(markdown) {
  const lines = markdown.split('\n');
  const result = [];
  let fence;
  lines.forEach((line, index) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = undefined;
      return;
    }
    if (marker) {
      fence = marker;
      return;
    }
    result.push({ line, number: index + 1 });
  });
  return result;
}

/**
 * The headings of a markdown text in order: level, text as rendered, GitHub's anchor (with -1, -2 …
 * for repeated slugs, as github-slugger counts them) and line number. ATX (`## x`) and setext
 * (`x` over `===` / `---`) headings.
 */
export function headingsOf(markdown) {
  const occurrences = new Map();
  const unique = (slug) => {
    let result = slug;
    while (occurrences.has(result)) {
      const count = occurrences.get(slug) + 1;
      occurrences.set(slug, count);
      result = `${slug}-${count}`;
    }
    occurrences.set(result, 0);
    return result;
  };
  const headings = [];
  const lines = proseLines(markdown);
  lines.forEach(({ line, number }, index) => {
    const atx = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/.exec(line);
    if (atx) {
      const text = headingText(atx[2] ?? '');
      headings.push({ level: atx[1].length, text, anchor: unique(slugOf(text)), line: number });
      return;
    }
    const setext = /^ {0,3}(=+|-+)[ \t]*$/.exec(line);
    const previous = lines[index - 1];
    if (
      setext &&
      previous &&
      previous.number === number - 1 &&
      previous.line.trim() !== '' &&
      !/^ {0,3}([#>*+|-]|\d+[.)] |`{3}|~{3})/.test(previous.line) &&
      !headings.some((heading) => heading.line === previous.number)
    ) {
      const text = headingText(previous.line);
      headings.push({ level: setext[1][0] === '=' ? 1 : 2, text, anchor: unique(slugOf(text)), line: previous.number });
    }
  });
  return headings;
}

/** Every anchor a link into this markdown text may name: its headings' and explicit `<a id|name="…">` ones. */
export function anchorsOf(markdown) {
  const anchors = new Set(headingsOf(markdown).map((heading) => heading.anchor));
  for (const match of markdown.matchAll(/<a\s[^>]*\b(?:id|name)\s*=\s*["']([^"']+)["']/gi)) anchors.add(match[1]);
  return anchors;
}
