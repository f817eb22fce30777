/** The BFF listener: `node dist/server.js` (or `npm run dev -w @bazaar/bff`). The app itself is built in app.ts. */
import { loadConfig } from './config.js';
import { createBffServer } from './app.js';

const config = loadConfig();
const server = await createBffServer(config);
const port = await server.listen();
server.logger.info(
  { port, restApiUrl: config.restApiUrl },
  `BFF listening: web app and GraphQL at http://localhost:${port}/`,
);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  server.logger.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => process.exit(1), 25_000);
  force.unref();
  const sweeper = setInterval(() => server.httpServer.closeIdleConnections(), 100);
  sweeper.unref();
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
