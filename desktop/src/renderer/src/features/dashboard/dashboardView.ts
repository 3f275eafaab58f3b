/** The dashboard's figures as the screen shows them, from GET /api/dashboard. */
import type { ChecklistItem, Dashboard } from '@kafue/common/contract';

export interface StatCard {
  title: string;
  value: string;
  /** Percent change from last month; null when last month gives no basis (not shown). */
  change: number | null;
  /** Percent of a whole, drawn as a bar (storage). */
  progress?: number;
}

/** The four cards' titles, also the skeletons' count. */
export const statTitles = ['Total Services', 'New Messages', 'Active Users', 'Storage Used'] as const;

/** Rounds to one decimal, as people read a percentage: 12.46 -> 12.5, 3 -> 3. */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export function statCardsOf(d: Dashboard): StatCard[] {
  return [
    { title: statTitles[0], value: String(d.totalServices.value), change: d.totalServices.change },
    { title: statTitles[1], value: String(d.newMessages.value), change: d.newMessages.change },
    { title: statTitles[2], value: String(d.activeUsers.value), change: d.activeUsers.change },
    {
      title: statTitles[3],
      value: `${oneDecimal(d.storageUsed.value)}%`,
      change: d.storageUsed.change,
      progress: Math.min(100, d.storageUsed.value),
    },
  ];
}

/** '+12.5% increase from last month' / '-3.2% decrease from last month'. */
export function changeLabel(change: number): string {
  const rounded = oneDecimal(change);
  const sign = rounded >= 0 ? '+' : '-';
  return `${sign}${Math.abs(rounded)}% ${rounded >= 0 ? 'increase' : 'decrease'} from last month`;
}

export function monthlyData(d: Dashboard) {
  return d.monthlyActivity.map((m) => ({
    month: m.label,
    'New Users': m.newUsers,
    'Service Requests': m.serviceRequests,
    Visitors: m.visitors,
  }));
}

// Shade 7: every bar and slice stands out from the white card by 3:1 or more (WCAG 1.4.11:
// teal.7 3.12, orange.7 3.04); teal.6 and orange.6 did not (2.55, 2.57).
// Visitors (site analytics) are counted on their own axis, at the right: hundreds of them beside a
// handful of new users would flatten the other bars.
export const monthlySeries = [
  { name: 'New Users', color: 'blue.7' },
  { name: 'Service Requests', color: 'teal.7' },
  { name: 'Visitors', color: 'violet.7', yAxisId: 'right' },
];

const sliceColors = ['blue.7', 'teal.7', 'violet.7', 'orange.7', 'pink.7', 'indigo.7', 'grape.7', 'cyan.7'];

/** The pie's slices: each category with a service or more, in the catalogue's order. */
export function categorySlices(d: Dashboard) {
  return d.servicesByCategory
    .filter((c) => c.count > 0)
    .map((c, i) => ({ name: c.label, value: c.count, color: sliceColors[i % sliceColors.length] }));
}

export const activityGlyph = { enquiry: 'M', staff: 'U', content: 'S' } as const;

/** The four Quick Actions of spec section 2, in its order. */
export const quickActions = ['Add New Service', 'Send Announcement', 'Generate Report', 'System Settings'] as const;
export type QuickAction = (typeof quickActions)[number];

/** Generate Report: the enquiries of the last 30 days (until there are lead reports), from this instant. */
export const reportSince = (now: Date) => new Date(now.getTime() - 30 * 86_400_000).toISOString();

/** 'This will mail 3 Active staff members.' */
export function announcementReach(count: number): string {
  return count === 1 ? 'This will mail the 1 Active staff member.' : `This will mail ${count} Active staff members.`;
}

/** What each checklist item asks, how it is done, and where. */
export const checklistTexts: Record<ChecklistItem, { title: string; help: string; to: string; action: string }> = {
  company: {
    title: 'Enter your company details',
    help: 'Phone, email, address and opening hours on every page of the website still show example details.',
    to: '/admin/settings/company',
    action: 'Open Company settings',
  },
  siteIdentity: {
    title: 'Check the Site Name and Admin Email',
    help: 'The Site Name signs every mail; system alerts, such as a failed backup, go to the Admin Email.',
    to: '/admin/settings/general',
    action: 'Open General settings',
  },
  timezone: {
    title: 'Choose your timezone',
    help: 'Dates, the dashboard’s months, digests and backup times follow it. Save General settings to confirm it.',
    to: '/admin/settings/general',
    action: 'Open General settings',
  },
  testMail: {
    title: 'Send a test mail',
    help: 'Shows whether mail from the website reaches you.',
    to: '/admin/settings/notifications',
    action: 'Open Notification settings',
  },
  backups: {
    title: 'Turn on automatic backups',
    help: 'Done once backups are scheduled and a first backup is made (Create Backup Now makes one at once).',
    to: '/admin/settings/backup',
    action: 'Open Backup settings',
  },
  twoFactor: {
    title: 'Turn on two-factor sign-in',
    help: 'A code from your phone as well as your password: a stolen password alone does not open the console.',
    to: '/admin/settings/security',
    action: 'Open Security settings',
  },
};
