/** Starts the REST API: `node dist/server.js` (or `npm run dev -w @bazaar/api`). */
import { loadConfig } from './config.js';
import { createStartedApp } from './start.js';

const config = loadConfig();
const app = await createStartedApp({ config });

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  app.acceptingTraffic = false;
  // a second signal or 25 s without finishing ends the process anyway
  const force = setTimeout(() => process.exit(1), 25_000);
  force.unref();
  // responses finishing now ask clients to close their connection; idle keep-alive connections are
  // closed as soon as their last response is out, so close() does not wait for keep-alive timeouts
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
  sweeper.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  process.exit(1);
}
