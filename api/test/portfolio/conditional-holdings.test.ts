/**
 * Holdings lists are conditional GETs: an ETag on every answer, 304 for a matching If-None-Match,
 * and a new tag as soon as anything the list is computed from is written (holdings, prices,
 * charges, charge types, firms, segments, corporate actions' events), whoever writes it and however
 * (REST or plain SQL). The cached quotes behind the list follow price and event writes the same way.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HoldingDto } from '@bazaar/shared/contract';
import { deriveCorporateActionEvents } from '../../src/db/queries/company/corporate-action-events.js';
import { inTransaction } from '../../src/db/sql-session.js';
import { DEMO, useApi } from '../setup/test-api.js';
import { addCharge, addHolding, createReference, insertPrices } from './helpers.js';

type Holding = HoldingDto;

describe('conditional holdings lists', () => {
  const api = useApi();
  let staff: string;
  let investor: string;
  let investor2: string;
  let ref: Awaited<ReturnType<typeof createReference>>;
  let segmentPath: string;

  const list = (token: string, tag?: string) =>
    api.request<Holding[]>('GET', segmentPath, { token, headers: tag ? { 'if-none-match': tag } : {} });

  /** The current tag, checked to be answered with 304 when sent back. */
  async function currentTag(token = investor): Promise<string> {
    const answer = await list(token);
    expect(answer.status, answer.text).toBe(200);
    const tag = answer.headers.get('etag');
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    return tag as string;
  }

  beforeAll(async () => {
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    const signup = await api.request('POST', '/auth/signup', {
      json: {
        user: {
          firstName: 'Asha',
          lastName: 'Rao',
          username: 'etag_investor',
          email: 'etag.investor@example.com',
          password: 'Secret#123',
          mobileNo: '9876543210',
        },
      },
    });
    expect(signup.status, signup.text).toBeLessThan(300);
    investor2 = await api.login('etag_investor', 'Secret#123');
    ref = await createReference(api, staff, 'Etag', ['Brokerage']);
    segmentPath = `/user/holding/${encodeURIComponent(ref.segment.name)}`;
    await insertPrices(api, [
      { symbol: 'ETAGCO', date: '2025-02-03', close: '100' },
      { symbol: 'ETAGCO', date: '2025-02-04', close: '110' },
    ]);
    await addHolding(api, investor, ref, { symbol: 'ETAGCO', price: '90', quantity: 10, creationDate: '2025-02-03' });
  });

  it('answers 304 without a body while nothing changed, for any list form of the header', async () => {
    const tag = await currentTag();
    for (const header of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
      const again = await list(investor, header);
      expect(again.status, header).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(tag);
    }
    expect((await list(investor, '"stale"')).status).toBe(200);
  });

  it('never lets another caller reuse a tag, and their own tag is different', async () => {
    const tag = await currentTag();
    const other = await list(investor2, tag);
    expect(other.status).toBe(200);
    expect(other.body).toEqual([]);
    expect(other.headers.get('etag')).not.toBe(tag);
    // and without a token there is nothing to revalidate
    expect((await api.request('GET', segmentPath, { headers: { 'if-none-match': tag } })).status).toBe(401);
  });

  it('gives a new tag and the new price once prices are written, even by plain SQL', async () => {
    const before = await currentTag();
    await insertPrices(api, [{ symbol: 'ETAGCO', date: '2025-02-05', close: '120' }]);
    const after = await list(investor, before);
    expect(after.status).toBe(200);
    expect(after.body[0]).toMatchObject({ currentPrice: '120', priceDate: '2025-02-05', profitLoss: { gross: '300' } });
    expect(after.headers.get('etag')).not.toBe(before);
    // the batched price read sees the same new price (the quote cache followed the write)
    const quotes = await api.request<Array<{ symbol: string; closePrice: string; previousClose: string }>>(
      'GET',
      '/user/current-prices?symbols=ETAGCO',
      { token: investor },
    );
    expect(quotes.body).toEqual([
      expect.objectContaining({ symbol: 'ETAGCO', closePrice: '120', previousClose: '110' }),
    ]);
    // a correction of a stored price counts as well
    await api.handle.db.execute(
      sql`UPDATE stock_prices SET close_price = 121 WHERE symbol = 'ETAGCO' AND trade_date = '2025-02-05'`,
    );
    const corrected = await list(investor, after.headers.get('etag') as string);
    expect(corrected.status).toBe(200);
    expect(corrected.body[0]?.currentPrice).toBe('121');
  });

  it('gives a new tag, the adjusted holding and the adjusted previous close once a bonus is loaded', async () => {
    const before = await currentTag();
    // Bonus 1:1 (factor 2) with ex-date 2025-02-05, the latest day: held through it, 10 become 20
    await api.handle.db.execute(sql`
      INSERT INTO corporate_actions (symbol, company_name, series, purpose, ex_date)
      VALUES ('ETAGCO', 'Etag Co', 'EQ', 'Bonus 1:1', '2025-02-05')`);
    await inTransaction(api.handle, deriveCorporateActionEvents);
    const after = await list(investor, before);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
    expect(after.body[0]).toMatchObject({
      quantity: 20,
      tradedQuantity: 10,
      price: '45',
      previousClose: '55',
      priceChange: '66',
      adjustments: [{ exDate: '2025-02-05', kind: 'bonus', factor: '2' }],
    });
    const quotes = await api.request<Array<{ previousClose: string }>>('GET', '/user/current-prices?symbols=ETAGCO', {
      token: investor,
    });
    expect(quotes.body[0]?.previousClose).toBe('55');
  });

  it('gives a new tag when a charge, a charge type, the firm, the segment or another holding is written', async () => {
    const writes: Array<{ what: string; write: () => Promise<void>; check?: (holding: Holding) => void }> = [
      {
        what: 'a charge',
        write: async () => {
          // ₹20 a trade on both sides: 40 in all
          await addCharge(api, staff, ref.firm, ref.segment, {
            type: ref.types.Brokerage as { id: number; name: string },
            side: 'BOTH',
            amount: '20',
            percentage: '0',
            from: '2025-01-01',
          });
        },
        check: (holding) => expect(holding.profitLoss.charges).toBe('40'),
      },
      {
        what: 'a charge type',
        write: async () => {
          const type = ref.types.Brokerage as { id: number; name: string };
          expect(
            (
              await api.request('PUT', `/staff/charge-types/${type.id}`, {
                token: staff,
                json: { id: type.id, name: 'Etag Brokerage fee' },
              })
            ).status,
          ).toBe(200);
        },
      },
      {
        what: 'the firm',
        write: async () => {
          const renamed = await api.request('PUT', `/staff/brokerage-firms/${ref.firm.id}`, {
            token: staff,
            json: { ...ref.firm, name: 'Etag Broking Ltd' },
          });
          expect(renamed.status, renamed.text).toBe(200);
        },
        check: (holding) => expect(holding.brokerageFirm.name).toBe('Etag Broking Ltd'),
      },
      {
        what: 'the segment',
        write: async () => {
          await api.handle.db.execute(sql`UPDATE segments SET name = name WHERE id = ${ref.segment.id}`);
        },
      },
      {
        what: 'a holding of another investor',
        write: async () => {
          await addHolding(api, investor2, ref, {
            symbol: 'ETAGCO',
            price: '95',
            quantity: 1,
            creationDate: '2025-02-04',
          });
        },
      },
    ];
    for (const { what, write, check } of writes) {
      const before = await currentTag();
      await write();
      const after = await list(investor, before);
      expect(after.status, what).toBe(200);
      expect(after.headers.get('etag'), what).not.toBe(before);
      check?.(after.body[0] as Holding);
    }
  });
});
