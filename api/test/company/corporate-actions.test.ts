/**
 * GET /public/corporate-actions on a small exchange file uploaded over HTTP: every action newest
 * ex-date first, one symbol's events split at a date, validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApi, type TestApi } from '../setup/test-api.js';
import { upload } from '../uploads/helpers.js';

describe('corporate actions', () => {
  let api: TestApi;
  let staff: string;

  beforeAll(async () => {
    api = await startTestApi();
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
  });
  afterAll(async () => api.close());

  it('answers empty lists for a symbol without events', async () => {
    expect((await api.request('GET', '/public/corporate-actions?symbol=TCS&date=2020-03-31')).body).toEqual({
      pastEvents: [],
      upcomingEvents: [],
    });
  });

  it('refuses a date without a symbol', async () => {
    const response = await api.request<{ message: string }>('GET', '/public/corporate-actions?date=2020-01-01');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('date needs a symbol');
  });

  describe('after an upload', () => {
    beforeAll(async () => {
      const header =
        '"SYMBOL","COMPANY NAME","SERIES","PURPOSE","FACE VALUE","EX-DATE","RECORD DATE","BOOK CLOSURE START DATE","BOOK CLOSURE END DATE"';
      const lines = [
        '"TCS","Tata Consultancy Services Limited","EQ"," Dividend - Rs 5 Per Share","1","16-Jan-2020","17-Jan-2020","-","-"',
        '"TCS","Tata Consultancy Services Limited","EQ"," Dividend - Rs 12 Per Share","1","23-Apr-2020","24-Apr-2020","-","-"',
        '"INFY","Infosys Limited","EQ"," Dividend - Rs 8 Per Share","5","24-Oct-2019","25-Oct-2019","-","-"',
        '"TCS","Tata Consultancy Services Limited","EQ"," Bonus 1:1","1","31-May-2018","01-Jun-2018","-","-"',
      ];
      const answer = await upload(api, staff, 'UPLOAD_CORPORATE_ACTIONS', 'CF-CA.csv', [header, ...lines].join('\n'));
      expect(answer.status, answer.text).toBe(200);
    });

    it('lists every action, newest ex-date first', async () => {
      const response = await api.request<Array<{ symbol: string; exDate: string; purpose: string }>>(
        'GET',
        '/public/corporate-actions',
      );
      expect(response.body.map((action) => `${action.symbol} ${action.exDate}`)).toEqual([
        'TCS 2020-04-23',
        'TCS 2020-01-16',
        'INFY 2019-10-24',
        'TCS 2018-05-31',
      ]);
    });

    it('splits a symbol’s events at the date: past before it (newest first), upcoming on or after', async () => {
      const response = await api.request<{
        pastEvents: Array<{ exDate: string; purpose: string }>;
        upcomingEvents: Array<{ exDate: string }>;
      }>('GET', '/public/corporate-actions?symbol=tcs&date=2020-03-31');
      expect(response.body.pastEvents.map((event) => event.exDate)).toEqual(['2020-01-16', '2018-05-31']);
      expect(response.body.pastEvents[0]?.purpose).toBe('Dividend - Rs 5 Per Share');
      expect(response.body.upcomingEvents.map((event) => event.exDate)).toEqual(['2020-04-23']);
    });
  });
});
