/**
 * One attack of bench/load/attacks.ts in its own process, driven by the load benchmark over the IPC
 * channel: { type: 'start', key, target } → { type: 'started', name } (or { type: 'failed', message }),
 * then { type: 'stop' } → { type: 'stopped', tally }. Why a process of its own: an attacker's
 * thousands of sockets in the benchmark's process would delay the event loop that times the normal
 * clients' answers, so the figures would measure the attacker's process instead of the servers
 * (docs/decisions.md#load-under-attack). It still shares the machine's cores with the servers.
 */
import { ATTACKS, type AttackTally, type AttackTarget } from './attacks.js';

type Command = { type: 'start'; key: string; target: AttackTarget } | { type: 'stop' };

let running: { stop(): Promise<AttackTally> } | undefined;

process.on('message', (message: Command) => {
  void (async () => {
    try {
      if (message.type === 'start') {
        const attack = ATTACKS.find((candidate) => candidate.key === message.key);
        if (!attack) throw new Error(`no attack ${message.key}`);
        running = await attack.start(message.target);
        process.send?.({ type: 'started', name: attack.name, from: attack.from });
      } else if (message.type === 'stop') {
        const tally = running ? await running.stop() : { sent: 0, statuses: {} };
        running = undefined;
        process.send?.({ type: 'stopped', tally });
      }
    } catch (error) {
      process.send?.({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});
// the parent going away ends the attack
process.on('disconnect', () => process.exit(0));
