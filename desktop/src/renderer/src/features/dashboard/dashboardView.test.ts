import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@kafue/common/contract';
import { announcementReach, categorySlices, changeLabel, monthlyData, reportSince, statCardsOf } from './dashboardView';

const answer: Dashboard = {
  totalServices: { value: 24, change: 12.5 },
  newMessages: { value: 8, change: -3.24 },
  activeUsers: { value: 142, change: null },
  storageUsed: { value: 65.04, change: 1, bytes: 700_000_000, quotaBytes: 1_073_741_824 },
  monthlyActivity: [{ month: '2026-11', label: 'Nov', newUsers: 3, serviceRequests: 9, visitors: 40 }],
  servicesByCategory: [
    { category: 'Web', label: 'Web & Hosting', count: 2 },
    { category: 'CCTV', label: 'CCTV', count: 0 },
  ],
  replyTimes: [],
  recentActivity: [],
};

describe('the dashboard view', () => {
  it('words a change as an increase or a decrease from last month, to one decimal', () => {
    expect(changeLabel(12.5)).toBe('+12.5% increase from last month');
    expect(changeLabel(-3.24)).toBe('-3.2% decrease from last month');
    expect(changeLabel(0)).toBe('+0% increase from last month');
  });
  it("shows the server's figures on the four cards", () => {
    expect(statCardsOf(answer).map((c) => [c.title, c.value, c.change])).toEqual([
      ['Total Services', '24', 12.5],
      ['New Messages', '8', -3.24],
      ['Active Users', '142', null],
      ['Storage Used', '65%', 1],
    ]);
    expect(statCardsOf(answer)[3].progress).toBe(65.04);
  });
  it('names the months and leaves empty categories out of the pie', () => {
    expect(monthlyData(answer)).toEqual([{ month: 'Nov', 'New Users': 3, 'Service Requests': 9 }]);
    expect(categorySlices(answer)).toEqual([{ name: 'Web & Hosting', value: 2, color: 'blue.7' }]);
  });

  it('reports on the last 30 days, and says how many an announcement reaches', () => {
    expect(reportSince(new Date('2026-11-30T12:00:00Z'))).toBe('2026-10-31T12:00:00.000Z');
    expect(announcementReach(3)).toBe('This will mail 3 Active staff members.');
    expect(announcementReach(1)).toBe('This will mail the 1 Active staff member.');
    expect(announcementReach(0)).toBe('This will mail 0 Active staff members.');
  });
});
