import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The BFF serves the built app and /graphql on one origin; in development Vite proxies /graphql to it.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: {
    port: 5173,
    proxy: { '/graphql': { target: process.env.BFF_URL ?? 'http://127.0.0.1:4000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    manifest: true, // dist/.vite/manifest.json: npm run bench:bundle measures the first route's JavaScript from it
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // the grid and the charts stay out of the first route's JavaScript
        advancedChunks: {
          groups: [
            // React first: ag-grid-react depends on it, and without its own group React would be
            // pulled into the grid chunk, which the entry then imports on every page
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            { name: 'ag-grid', test: /node_modules[\\/]ag-grid/ },
            { name: 'apexcharts', test: /node_modules[\\/](apexcharts|react-apexcharts)/ },
          ],
        },
      },
    },
  },
});
