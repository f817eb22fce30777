/**
 * The uploads REST contract: who may upload (staff and admins; investors 403, anonymous 401), the
 * six types with their endpoints, the uploaded-dates list under both service prefixes, the
 * history, and `uploadFile` as other areas call it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadHistoryPageDto, UploadTypeDto } from '@bazaar/shared/contract';
import { uploadFile } from '../../src/ingest/index.js';
import { DEMO, useApi } from '../setup/test-api.js';
import { dataFile, ENDPOINTS, marketFingerprint, sqlRows, uploadDataFile } from './helpers.js';

describe('uploads routes', () => {
  const api = useApi();
  let staff: string;
  let admin: string;
  let investor: string;

  beforeAll(async () => {
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
  });

  it('lists the seven upload types with their endpoints and readable names', async () => {
    const answer = await api.request<UploadTypeDto[]>('GET', '/insight/staff/uploads/types', { token: staff });
    expect(answer.status).toBe(200);
    // in the order of the upload screen, as the tests' own ENDPOINTS lists them (not the app's UPLOAD_TYPES)
    expect(answer.body.map((type) => type.type)).toEqual(Object.keys(ENDPOINTS));
    expect(Object.fromEntries(answer.body.map((type) => [type.type, type.endpoint]))).toEqual(ENDPOINTS);
    expect(answer.body.map((type) => type.label)).toEqual([
      'Upload Corporate Actions',
      'Upload Stock Price',
      'Upload Stock',
      'Upload Financial Statement',
      'Upload Financial Report',
      'Upload Update Company Profile',
      'Upload Index Prices',
    ]);
    expect(answer.body.find((type) => type.type === 'UPLOAD_FINANCIAL_STATEMENT')?.templateUrl).toBe(
      '/insight/staff/uploads/templates/balance-sheet-template.csv',
    );
    for (const type of answer.body) expect(type.description.length).toBeGreaterThan(40);
  });

  it('lets investors and anonymous callers upload nothing', async () => {
    const before = await marketFingerprint(api.handle);
    const asInvestor = await uploadDataFile(api, investor, 'UPLOAD_STOCK_PRICE', 'bhavcopy/legacy/02JAN2019.csv');
    expect(asInvestor.status).toBe(403);
    expect(asInvestor.body.message).toBe('This action is for staff and administrators only');
    const anonymous = await uploadDataFile(api, undefined, 'UPLOAD_STOCK_PRICE', 'bhavcopy/legacy/02JAN2019.csv');
    expect(anonymous.status).toBe(401);
    for (const path of [
      '/insight/staff/uploads/types',
      '/insight/staff/uploads/history',
      '/insight/staff/uploads/stock-price/uploaded-dates',
      '/staff/uploads/stock-price/uploaded-dates',
    ]) {
      expect((await api.request('GET', path, { token: investor })).status).toBe(403);
    }
    expect(await marketFingerprint(api.handle)).toEqual(before);
  });

  it('lets staff and administrators upload, and records who did', async () => {
    const byStaff = await uploadDataFile(api, staff, 'UPLOAD_STOCK_PRICE', 'bhavcopy/legacy/02JAN2019.csv');
    expect(byStaff.status).toBe(200);
    const byAdmin = await uploadDataFile(api, admin, 'UPLOAD_STOCK_PRICE', 'bhavcopy/legacy/03JAN2019.csv');
    expect(byAdmin.status).toBe(200);
    const history = await api.request<UploadHistoryPageDto>('GET', '/insight/staff/uploads/history', { token: admin });
    expect(history.body.total).toBe(2);
    expect(history.body.items.map((item) => [item.fileName, item.uploadedBy, item.kind])).toEqual([
      ['03JAN2019.csv', 'admin', 'UPLOAD_STOCK_PRICE'],
      ['02JAN2019.csv', 'staff', 'UPLOAD_STOCK_PRICE'],
    ]);
    const paged = await api.request<UploadHistoryPageDto>('GET', '/insight/staff/uploads/history?limit=1&offset=1', {
      token: staff,
    });
    expect(paged.body).toMatchObject({ total: 2, items: [{ fileName: '02JAN2019.csv' }] });
    const bad = await api.request<{ message: string }>('GET', '/insight/staff/uploads/history?limit=0', {
      token: staff,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('limit must be at least 1');
  });

  it('serves the uploaded dates under /insight and /api alike', async () => {
    const insight = await api.request<string[]>('GET', '/insight/staff/uploads/stock-price/uploaded-dates', {
      token: staff,
    });
    const main = await api.request<string[]>('GET', '/api/staff/uploads/stock-price/uploaded-dates', { token: staff });
    expect(insight.body).toEqual(['2019-01-02', '2019-01-03']);
    expect(main.body).toEqual(insight.body);
  });

  it('exposes uploadFile for other areas (same checks, same record, event after commit)', async () => {
    const seen: Array<{ uploadType: string; dates?: string[] | undefined; pricesVisible: number }> = [];
    api.app.events.on('market.dataChanged', async (payload) => {
      // a listener runs after the commit: the new rows are visible to it
      const [row] = await sqlRows<{ n: number }>(
        api.handle,
        'SELECT count(*)::int AS n FROM stock_prices WHERE trade_date = ANY($1::date[])',
        [payload.dates ?? []],
      );
      seen.push({ ...payload, pricesVisible: row?.n ?? 0 });
    });
    const result = await uploadFile(
      api.app,
      'UPLOAD_STOCK_PRICE',
      '04JAN2019.csv',
      dataFile('bhavcopy/legacy/04JAN2019.csv'),
      { id: null, username: 'analysis-tests' },
    );
    expect(result).toMatchObject({
      kind: 'UPLOAD_STOCK_PRICE',
      rowsInFile: 1889,
      inserted: 1889,
      dates: ['2019-01-04'],
    });
    expect(seen).toEqual([{ uploadType: 'UPLOAD_STOCK_PRICE', dates: ['2019-01-04'], pricesVisible: 1889 }]);
    const [record] = await sqlRows<{ uploaded_by: number | null; uploaded_by_username: string }>(
      api.handle,
      'SELECT uploaded_by, uploaded_by_username FROM market_data_uploads WHERE id = $1',
      [result.uploadId],
    );
    expect(record).toEqual({ uploaded_by: null, uploaded_by_username: 'analysis-tests' });
  });
});
