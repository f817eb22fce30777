import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files of the build that the BFF sends compressed (bff/src/compression.ts serves the variants). */
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

// The BFF serves the built app and /graphql on one origin; in development Vite proxies /graphql to it.
export default defineConfig(({ command, mode }) => {
  // A build is for browsers: React, React Router… in their production form even when the build is started from a
  // process with NODE_ENV=development or test (npm start from the browser tests). Vite decides after reading this.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), precompress()],
    resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
    server: {
      port: 5173,
      proxy: { '/graphql': { target: process.env.BFF_URL ?? 'http://127.0.0.1:4000', changeOrigin: false } },
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
