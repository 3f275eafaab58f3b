import { describe, expect, it } from 'vitest';
import { reportCsv } from './reportCsv';

describe('the lead report as CSV', () => {
  it('has a header and a row per period, shares as percentages, cells quoted and formulas neutralised', () => {
    const csv = reportCsv({
      from: '2026-01-01',
      to: '2026-02-28',
      by: 'month',
      periods: [
        {
          start: '2026-01-01',
          enquiries: 3,
          byKind: { message: 1, service: 0, quote: 1, consultation: 1, email: 0, whatsapp: 0 },
          byService: [
            { label: '=cmd, "x"', count: 2 },
            { label: 'Web Development', count: 1 },
          ],
          answeredInTime: 1 / 3,
          medianMinutesToResponse: 165,
          quotesSent: 1,
          quotesAccepted: 1,
          valueAccepted: [{ currency: 'USD', once: 1000, monthly: 40 }],
          winRate: 0.5,
          cashCollected: [{ currency: 'ZMW', amount: 13430.5 }],
        },
        {
          start: '2026-02-01',
          enquiries: 0,
          byKind: { message: 0, service: 0, quote: 0, consultation: 0, email: 0, whatsapp: 0 },
          byService: [],
          answeredInTime: null,
          medianMinutesToResponse: null,
          quotesSent: 0,
          quotesAccepted: 0,
          valueAccepted: [],
          winRate: null,
          cashCollected: [],
        },
      ],
      depositsOutstanding: [],
    });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      '"Period","Enquiries","Message","Service request","Quote request","Consultation","Email","WhatsApp","By service or plan","Answered in time","Median minutes to first response","Quotes sent","Quotes accepted","Value accepted","Win rate","Cash collected"',
    );
    expect(lines[1]).toBe(
      '"2026-01-01","3","1","0","1","1","0","0","\'=cmd, ""x"": 2; Web Development: 1","33%","165","1","1","USD 1000 + USD 40/month","50%","ZMW 13430.5"',
    );
    expect(lines[2]).toBe('"2026-02-01","0","0","0","0","0","0","0","","","","0","0","","",""');
  });
});
