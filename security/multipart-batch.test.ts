/**
 * The batch limit holds whatever the transport: a multipart request (graphql-upload's form, which
 * fills the body after the JSON checks) with 6,000 operations is refused before any of them runs,
 * quickly, without the BFF's memory growing; and 11 operations (one over the limit) are refused in
 * multipart as in JSON (docs/decisions.md#security-suite).
 */
import { describe, expect, it } from 'vitest';
import { MODES, request, residentBytes, useStack } from './harness.js';
import { batch, graphqlMultipart as multipart, LIGHT_TECHNICAL_ANALYSIS as LIGHT } from './payloads.js';

describe.each(MODES)('multipart batches (%s)', (mode) => {
  const stack = useStack(mode);

  const post = (body: Buffer, contentType: string) =>
    request(`${stack.bff.url}/graphql`, {
      body,
      headers: { 'content-type': contentType, 'apollo-require-preflight': '1' },
      timeoutMs: 60_000,
    });

  it('refuses 6,000 anonymous operations in one multipart request with 400/413 within 2 s, memory bounded', async () => {
    // one operation works: the refusal below is about the count
    const one = multipart({ query: LIGHT });
    const single = await post(one.body, one.contentType);
    expect(single.status).toBe(200);
    expect(single.json<{ data?: { technicalAnalysis?: unknown } }>().data?.technicalAnalysis).toBeTruthy();

    const before = residentBytes(stack.bff.child.pid!);
    const flood = multipart(batch(6000));
    // the size of the request that was found (0.56 MB)
    expect(flood.body.length).toBeGreaterThan(500_000);
    expect(flood.body.length).toBeLessThan(1_000_000);
    const answer = await post(flood.body, flood.contentType);
    const after = residentBytes(stack.bff.child.pid!);

    expect([400, 413]).toContain(answer.status);
    expect(answer.ms).toBeLessThan(2_000);
    // a refusal, not 6,000 results
    expect(answer.text.length).toBeLessThan(10_000);
    // the request's own bytes and their parsing, not the results of 6,000 executions (finding: +1.5 GB)
    expect(after - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses one operation over the batch limit in multipart as in JSON', async () => {
    const json = await request(`${stack.bff.url}/graphql`, {
      body: JSON.stringify(batch(11, LIGHT)),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
    const eleven = multipart(batch(11, LIGHT));
    const answer = await post(eleven.body, eleven.contentType);
    expect([400, 413]).toContain(answer.status);
    const ten = multipart(batch(10, LIGHT));
    const allowed = await post(ten.body, ten.contentType);
    expect(allowed.status).toBe(200);
    expect(allowed.json<unknown[]>()).toHaveLength(10);
  });
});
