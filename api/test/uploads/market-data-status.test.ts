/**
 * GET /insight/public/uploads/market-data-status (docs/product/uploads.md#market-data-status): anyone may read it;
 * demo is true only once the generated demo market was loaded (its uploads are recorded as "demo-data"), so with
 * DEMO_DATA=0 and real files it stays false; latestPriceDate is the latest trading day loaded.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../setup/test-api.js';
import { uploadFile } from '../../src/ingest/index.js';
import { DEMO_DATA_USER } from '../../src/seed/demo-market/index.js';
import { generateDemoMarket } from '../../src/seed/demo-market/generate.js';
import { dataFile } from './helpers.js';

const STATUS = '/insight/public/uploads/market-data-status';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('market data status', () => {
  it('says no demo and no prices on an empty database with DEMO_DATA=0, to anyone', async () => {
    api = await startTestApi({ config: { demoData: false } });
    const answer = await api.request('GET', STATUS);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ demo: false, latestPriceDate: null });
  });

  it('stays not-demo when staff load a real bhavcopy, and names its date', async () => {
    api = await startTestApi({ config: { demoData: false } });
    // a real NSE bhavcopy of 3 January 2019 (../shared/data)
    const bytes = dataFile('bhavcopy/legacy/03JAN2019.csv');
    await uploadFile(api.app, 'UPLOAD_STOCK_PRICE', '03JAN2019.csv', bytes, { id: null, username: 'staff' });
    expect((await api.request('GET', STATUS)).body).toEqual({ demo: false, latestPriceDate: '2019-01-03' });
  });

  it('says demo once the generated market is loaded as the seeder loads it', async () => {
    api = await startTestApi({ config: { demoData: false } });
    const market = generateDemoMarket({ companies: 4, tradingDays: 400, quarters: 1, lastDay: '2025-06-30' });
    for (const file of market.files)
      await uploadFile(api.app, file.uploadType, file.fileName, Buffer.from(file.content, 'utf8'), DEMO_DATA_USER);
    expect((await api.request('GET', STATUS)).body).toEqual({ demo: true, latestPriceDate: '2025-06-30' });
  });
});
