/**
 * The GraphQL upload endpoint's own limits, before any resolver: one file per request, the CSRF
 * preflight header required for multipart, and nothing stored when refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_BHAVCOPY_HEADER } from '../../../api/test/uploads/helpers.js';
import { type GraphQLClient, useStack } from '../setup/stack.js';

const UPLOAD =
  'mutation ($type: UploadType!, $file: Upload!) { uploadMarketData(type: $type, file: $file) { message } }';
const ROW = 'ABC,EQ,10,11,9,10.5,10.5,10,100,1050,02-JAN-2019,5,INE000A01011,\n';

describe('GraphQL upload limits', () => {
  const stack = useStack();
  let staff: GraphQLClient;

  beforeAll(async () => {
    staff = await stack.clientAs('staff');
  });

  function form(files: number): FormData {
    const body = new FormData();
    body.set('operations', JSON.stringify({ query: UPLOAD, variables: { type: 'UPLOAD_STOCK_PRICE', file: null } }));
    const map: Record<string, string[]> = {};
    for (let index = 0; index < files; index++)
      map[String(index)] = [index === 0 ? 'variables.file' : `variables.extra${index}`];
    body.set('map', JSON.stringify(map));
    for (let index = 0; index < files; index++)
      body.set(String(index), new Blob([`${LEGACY_BHAVCOPY_HEADER}\n${ROW}`]), `day${index}.csv`);
    return body;
  }

  const post = (body: FormData, headers: Record<string, string>) =>
    fetch(`${stack.bffUrl}/graphql`, { method: 'POST', headers: { cookie: staff.cookie()!, ...headers }, body });

  const storedDates = async () =>
    (await staff.request<{ uploadedDates: string[] }>('{ uploadedDates }')).data?.uploadedDates;

  it('refuses two files in one request with a clear 413, storing nothing', async () => {
    const answer = await post(form(2), { 'apollo-require-preflight': 'true' });
    expect(answer.status).toBe(413);
    expect(await answer.text()).toMatch(/1 max file uploads exceeded/i);
    expect(await storedDates()).toEqual([]);
  });

  it('refuses multipart without the preflight header (CSRF), storing nothing', async () => {
    const answer = await post(form(1), {});
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/preflight|CSRF/i);
    expect(await storedDates()).toEqual([]);
  });

  it('accepts the same single file with the header', async () => {
    const answer = await post(form(1), { 'apollo-require-preflight': 'true' });
    const body = (await answer.json()) as { data?: { uploadMarketData: { message: string } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data?.uploadMarketData.message).toContain('2019-01-02');
    expect(await storedDates()).toEqual(['2019-01-02']);
  });
});
