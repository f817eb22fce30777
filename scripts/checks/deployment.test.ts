/**
 * The Docker files cannot be built here (no Docker engine), so they are checked by reading them:
 * the compose file is valid and complete, every COPY source exists, images run as non-root, and the
 * ports and environment names match what the services read (api/src/config.ts, bff/src/config.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { API_ENV_VARIABLES } from '../../api/src/config.js';
import { BFF_ENV_VARIABLES } from '../../bff/src/config.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: unknown };
  volumes?: string[];
}

const compose = YAML.parse(read('docker/compose.yml')) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};

interface Stage {
  from: string;
  copies: Array<{ from?: string; sources: string[] }>;
  user?: string;
  exposes: number[];
  env: Record<string, string>;
}

function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  // join continued lines
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const line of lines) {
    const [instruction = '', ...rest] = line.split(/\s+/);
    const upper = instruction.toUpperCase();
    if (upper === 'FROM') stages.push({ from: rest[0] ?? '', copies: [], exposes: [], env: {} });
    const stage = stages[stages.length - 1];
    if (!stage) continue;
    if (upper === 'COPY') {
      const from = rest.find((arg) => arg.startsWith('--from='))?.slice('--from='.length);
      const args = rest.filter((arg) => !arg.startsWith('--'));
      stage.copies.push({ from, sources: args.slice(0, -1) });
    }
    if (upper === 'USER') stage.user = rest[0];
    if (upper === 'EXPOSE') stage.exposes.push(...rest.map(Number));
    if (upper === 'ENV')
      for (const pair of rest) {
        const [key, value = ''] = pair.split('=');
        if (key) stage.env[key] = value;
      }
  }
  return stages;
}

describe('docker/compose.yml', () => {
  it('has PostgreSQL with a volume and a health check, the api and the bff', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'bff', 'postgres']);
    const postgres = compose.services.postgres!;
    expect(postgres.image).toMatch(/^postgres:\d+/);
    expect(postgres.volumes?.some((volume) => volume.startsWith('pgdata:'))).toBe(true);
    expect(compose.volumes).toHaveProperty('pgdata');
    expect(postgres.healthcheck?.test).toBeDefined();
    expect(compose.services.api?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(compose.services.bff?.depends_on?.api?.condition).toBe('service_healthy');
  });

  it('gives the services only environment variables they read', () => {
    const apiEnv = Object.keys(compose.services.api?.environment ?? {});
    const bffEnv = Object.keys(compose.services.bff?.environment ?? {});
    expect(apiEnv.filter((name) => !API_ENV_VARIABLES.includes(name))).toEqual([]);
    expect(bffEnv.filter((name) => !BFF_ENV_VARIABLES.includes(name))).toEqual([]);
    expect(apiEnv).toEqual(expect.arrayContaining(['DATABASE_URL', 'JWT_SECRET', 'NODE_ENV']));
  });

  it('wires the bff to the api on the port the api listens on', () => {
    const apiPort = compose.services.api?.environment?.API_PORT;
    expect(apiPort).toBe('8080');
    expect(compose.services.bff?.environment?.REST_API_URL).toBe(`http://api:${apiPort}/api`);
    expect(compose.services.bff?.environment?.INSIGHT_API_URL).toBe(`http://api:${apiPort}/insight`);
    expect(compose.services.bff?.ports?.[0]).toMatch(/:4000$/);
  });

  it('has every ${VARIABLE} it uses in docker/.env.example', () => {
    const used = new Set([...read('docker/compose.yml').matchAll(/\$\{([A-Z_]+)/g)].map((match) => match[1]));
    const example = new Set(
      read('docker/.env.example')
        .split('\n')
        .map((line) => line.split('=')[0]?.trim())
        .filter(Boolean),
    );
    expect([...used].filter((name) => !example.has(name))).toEqual([]);
  });
});

describe.each([
  ['docker/api.Dockerfile', 'api', 8080, 'api/dist/server.js'],
  ['docker/bff.Dockerfile', 'bff', 4000, 'bff/dist/server.js'],
])('%s', (file, service, port, entry) => {
  const stages = parseDockerfile(read(file));
  const runtime = stages[stages.length - 1]!;

  it('is built by compose from the repository root', () => {
    expect(compose.services[service]?.build).toEqual({ context: '..', dockerfile: file });
  });

  it('copies only paths that exist in the repository', () => {
    const missing = stages
      .flatMap((stage) => stage.copies.filter((copy) => !copy.from).flatMap((copy) => copy.sources))
      .filter((source) => !fs.existsSync(path.join(ROOT, source)));
    expect(missing).toEqual([]);
  });

  it('runs as a non-root user on the service port, starting the compiled entry point', () => {
    expect(runtime.user).toBe('node');
    expect(runtime.exposes).toEqual([port]);
    expect(runtime.env.NODE_ENV).toBe('production');
    expect(read(file)).toContain(`CMD ["node", "${entry}"]`);
    // the build stage compiles what the runtime copies
    const fromBuild = runtime.copies.filter((copy) => copy.from === 'build').flatMap((copy) => copy.sources);
    expect(fromBuild).toContain(`/app/${entry.split('/')[0]}/dist`);
  });

  it('uses environment names the service reads', () => {
    const known = service === 'api' ? API_ENV_VARIABLES : BFF_ENV_VARIABLES;
    expect(Object.keys(runtime.env).filter((name) => !known.includes(name))).toEqual([]);
  });
});
