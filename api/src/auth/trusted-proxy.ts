/**
 * Which peers are trusted proxies (TRUST_PROXY, in Fastify's trustProxy form: "loopback", "loopback,uniquelocal",
 * addresses or subnets): their X-Forwarded-For is believed, their connections are exempt from the per-address
 * cap, and only they may mark a request as already counted against an API key's quota (the BFF does, for the
 * REST calls of a GraphQL request it counted: docs/decisions.md#one-request-counts-once).
 */
import type { FastifyRequest } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';

/** Whether an address is a trusted proxy, as TRUST_PROXY says. */
export function compileTrust(trustProxy: string): (address: string, hop: number) => boolean {
  return proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
}

/** Whether the request came straight from a trusted proxy (its connection's peer, not what headers claim). */
export function fromTrustedProxy(request: FastifyRequest, trusted: (address: string, hop: number) => boolean): boolean {
  const peer = request.raw.socket?.remoteAddress;
  return typeof peer === 'string' && trusted(peer, 0);
}
