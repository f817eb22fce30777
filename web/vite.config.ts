import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { createServer, defineConfig, transformWithOxc, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files of the build that the BFF sends compressed (bff/src/http/compression.ts serves the variants). */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|map|txt|xml|webmanifest)$/i;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text file of the build, so the
 * BFF sends compressed files without compressing per request (docs/decisions.md#compressed-answers). Source maps
 * get a faster brotli level: only developer tools fetch them. A variant no smaller than its file is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bazaar:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (fs.readdirSync(outDir, { recursive: true }) as string[])
        .map((name) => path.join(outDir, name))
        .filter((file) => TEXT_FILE.test(file) && fs.statSync(file, { throwIfNoEntry: false })?.isFile());
      await Promise.all(
        files
          .map(async (file) => {
            const raw = await fs.promises.readFile(file);
            const quality = file.endsWith('.map') ? 5 : zlib.constants.BROTLI_MAX_QUALITY;
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gzip(raw, { level: 9 }),
            ]);
            if (br.length < raw.length) await fs.promises.writeFile(`${file}.br`, br);
            if (gz.length < raw.length) await fs.promises.writeFile(`${file}.gz`, gz);
          })
          .map((work) =>
            work.catch((error: NodeJS.ErrnoException) => {
              // another build emptied the directory meanwhile (one working tree): that build writes its own variants
              if (error.code !== 'ENOENT') throw error;
            }),
          ),
      );
    },
  };
}

/** Mantine's class names: `m_` and 8 hex digits, the same in its JavaScript and in its stylesheets. */
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/**
 * Fails the build when its JavaScript names a Mantine class that none of its stylesheets defines: the app imports
 * the stylesheets of the components it draws (web/src/app/mantine-styles.ts), so a component newly drawn would
 * otherwise be unstyled, silently. The message names the stylesheet to import.
 */
function mantineStylesComplete(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'bazaar:mantine-styles-complete',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      const read = (pattern: RegExp) =>
        fs
          .readdirSync(assets)
          .filter((file) => pattern.test(file))
          .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'))
          .join('\n');
      const styled = new Set(read(/\.css$/).match(MANTINE_CLASS));
      const missing = [...new Set(read(/\.js$/).match(MANTINE_CLASS))].filter((name) => !styled.has(name));
      if (missing.length === 0) return;
      const sheets = path.join(
        path.dirname(createRequire(path.join(root, 'package.json')).resolve('@mantine/core/styles.css')),
        'styles',
      );
      const owners = new Set(
        fs
          .readdirSync(sheets)
          .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
          .filter((file) => missing.some((name) => fs.readFileSync(path.join(sheets, file), 'utf8').includes(name))),
      );
      throw new Error(
        `Mantine classes without a stylesheet in the build: ${missing.join(', ')}. Import ` +
          `${[...owners].map((file) => `@mantine/core/styles/${file}`).join(', ') || 'their stylesheets'} in ` +
          'web/src/app/mantine-styles.ts, in the order of @mantine/core/styles.css.',
      );
    },
  };
}

const GENERATED_OPERATIONS = /[\\/]src[\\/]__generated__[\\/]graphql\.ts$/;
const OPERATION_PREFIX = '\0bazaar-operation:';
const DOCUMENT_LINE = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/;
const HOOK_START = /^export function (use\w+)\(options\?: (?:useQuery|useLazyQuery|useMutation)\.Options<.*>\) \{$/;
const HOOK_BODY = /^ {2}return (useQuery|useLazyQuery|useMutation)\((\w+), options(?: as .*)?\);$/;

/**
 * The generated operations (web/src/__generated__/graphql.ts: every document and hook of the app, 12 KiB gzip) as
 * one module per document and per hook, so a page loads only its own operations instead of everyone's: one module
 * is one chunk, and the file was in every route's load. The file itself becomes re-exports of those modules, which
 * the bundler resolves through (docs/decisions.md#operations-split-per-page). The generated shapes are checked:
 * when anything else in the file is code (a new codegen plugin, say), the file is left whole and the build says so.
 */
function splitGeneratedOperations(): Plugin {
  const modules = new Map<string, string>();
  return {
    name: 'bazaar:split-generated-operations',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(OPERATION_PREFIX) ? id : null;
    },
    async load(id) {
      if (id.startsWith(OPERATION_PREFIX)) {
        const code = modules.get(id);
        return code === undefined ? null : { code, moduleSideEffects: false };
      }
      if (!GENERATED_OPERATIONS.test(id)) return null;
      const lines = (await fs.promises.readFile(id, 'utf8')).split('\n');
      const rest: string[] = [];
      const exports: string[] = [];
      for (let index = 0; index < lines.length; index++) {
        const line = lines[index]!;
        const document = DOCUMENT_LINE.exec(line);
        const hook = HOOK_START.exec(line);
        const body = hook ? HOOK_BODY.exec(lines[index + 1] ?? '') : null;
        if (document) {
          modules.set(OPERATION_PREFIX + document[1], `export const ${document[1]} = ${document[2]};\n`);
          exports.push(document[1]!);
        } else if (hook && body && lines[index + 2] === '}') {
          modules.set(
            OPERATION_PREFIX + hook[1],
            `import { ${body[1]} } from '@apollo/client/react';\n` +
              `import { ${body[2]} } from '${OPERATION_PREFIX}${body[2]}';\n` +
              `export function ${hook[1]}(options) {\n  return ${body[1]}(${body[2]}, options);\n}\n`,
          );
          exports.push(hook[1]!);
          index += 2;
        } else rest.push(line);
      }
      // what is left must be types, comments and the imports the hooks use
      const left = (await transformWithOxc(rest.join('\n'), id, { lang: 'ts' })).code
        .split('\n')
        .filter(
          (line) =>
            !/^\s*($|\/\/|\/\*|\*)/.test(line) && !/^import \{[\w, ]+\} from "@apollo\/client\/react";$/.test(line),
        );
      if (left.length > 0 || exports.length === 0) {
        this.warn(`left whole: unexpected code in the generated operations (${left[0] ?? 'no operations found'})`);
        return null;
      }
      return {
        code: exports.map((name) => `export { ${name} } from '${OPERATION_PREFIX}${name}';`).join('\n') + '\n',
        moduleSideEffects: false,
      };
    },
  };
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The served page draws before the app's script runs (docs/decisions.md#the-first-paint-from-the-html): #root gets
 * the frame, the demo banner and the page loader (web/src/app/first-paint.tsx, rendered here through a Vite SSR
 * load of the same sources and CSS modules), and the entry script with its module preloads is asked for only once
 * that is painted, by src/app/first-paint-loader.js. Lighthouse's simulation counts every request that ended
 * before a paint as needed for it: with the script in <head>, the 110 KiB entry and 20 preloads sat before the
 * first paint.
 */
function firstPaintFromHtml(): Plugin {
  let root = '';
  let resolveConditions: string[] = [];
  let base = '/';
  let loader = { fileName: '', source: '' };
  return {
    name: 'bazaar:first-paint-from-html',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
      resolveConditions = [...config.resolve.conditions];
      const source = fs.readFileSync(path.join(root, 'src/app/first-paint-loader.js'), 'utf8');
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      loader = { fileName: `${config.build.assetsDir}/first-paint-${hash}.js`, source };
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: loader.fileName, source: loader.source });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          plugins: [react()],
          resolve: { conditions: resolveConditions },
          ssr: { resolve: { conditions: resolveConditions } },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        let markup: string;
        // where the BFF puts the market-data status (SERVED_PAGE in @bazaar/shared, bff/src/http/web-app.ts)
        let statusMarker: string;
        try {
          const module = (await server.ssrLoadModule('/src/app/first-paint.tsx')) as {
            renderFirstPaint: () => string;
            SERVED_PAGE: { statusMarker: string };
          };
          markup = module.renderFirstPaint();
          statusMarker = module.SERVED_PAGE.statusMarker;
        } finally {
          await server.close();
        }
        const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]!);
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
        if (entries.length !== 1 || !html.includes('<div id="root"></div>'))
          throw new Error(`first paint: expected one entry script and an empty #root in ${context.filename}`);
        const start =
          `<script src="${base}${loader.fileName}" data-entry="${entries[0]}"` +
          ` data-preloads="${preloads.join(' ')}"></script>`;
        return html
          .replace(ENTRY_SCRIPT, '')
          .replace(MODULE_PRELOAD, '')
          .replace('</head>', `  ${statusMarker}\n    ${start}\n  </head>`)
          .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
      },
    },
  };
}

// The BFF serves the built app and /graphql on one origin; in development Vite proxies /graphql to it.
export default defineConfig(({ command, mode }) => {
  // A build is for browsers: React, React Router… in their production form even when the build is started from a
  // process with NODE_ENV=development or test (npm start from the browser tests). Vite decides after reading this.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), splitGeneratedOperations(), firstPaintFromHtml(), mantineStylesComplete(), precompress()],
    resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
    server: {
      port: 5173,
      // /downloads: the Tax P&L page's files (docs/decisions.md#tax-files-through-the-bff)
      proxy: Object.fromEntries(
        ['/graphql', '/downloads'].map((prefix) => [
          prefix,
          { target: process.env.BFF_URL ?? 'http://127.0.0.1:4000', changeOrigin: false },
        ]),
      ),
    },
    build: {
      outDir: 'dist',
      manifest: true, // dist/.vite/manifest.json: npm run bench:bundle measures each route's JavaScript from it
      sourcemap: true,
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        // @bazaar/shared has no side effects: a page that reads a constant or a formatter does not load every
        // validation schema (and zod) with it. Other packages keep their package.json's word.
        treeshake: {
          moduleSideEffects: (id: string) => (/[\\/]shared[\\/]src[\\/]/.test(id) ? false : undefined),
        },
        // No manual chunk groups: the grid (AG Grid) and the charts (ApexCharts) are only imported dynamically,
        // so they get chunks of their own, loaded by the pages that show them (docs/decisions.md#bundle-size).
        // A group also captures its modules' dependencies: the old 'apexcharts' group took prop-types, which the
        // notifications import too, and with it put ApexCharts on every page.
      },
    },
  };
});
