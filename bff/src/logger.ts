/** Structured JSON logs, one line per event, with the request id where there is one. */
import type { BffConfig } from './config.js';

const LEVELS = { error: 50, warn: 40, info: 30, debug: 20 } as const;
type Level = keyof typeof LEVELS;

export interface Logger {
  error(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  debug(fields: Record<string, unknown>, message: string): void;
}

export function createLogger(level: BffConfig['logLevel']): Logger {
  const threshold = level === 'silent' ? Infinity : LEVELS[level];
  const write = (name: Level) => (fields: Record<string, unknown>, message: string) => {
    if (LEVELS[name] < threshold) return;
    const line = JSON.stringify({
      level: LEVELS[name],
      time: Date.now(),
      service: 'bff',
      msg: message,
      ...serialise(fields),
    });
    (name === 'error' || name === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return { error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug') };
}

function serialise(fields: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    result[key] = value instanceof Error ? { type: value.name, message: value.message, stack: value.stack } : value;
  }
  return result;
}
