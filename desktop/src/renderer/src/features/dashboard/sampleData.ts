/** The dashboard's sample data (spec sections 3 and 9); nothing here comes from the server. */

export const dashboardLoadMs = 1000;

export const stats = {
  totalServices: 24,
  newMessages: 8,
  activeUsers: 142,
  monthlyGrowth: 15.3,
  storageUsage: 65,
};

export interface StatCard {
  title: string;
  value: string;
  /** Percent change from last month; absent when the card shows no change. */
  change?: number;
  /** Percent of a whole, drawn as a bar (storage). */
  progress?: number;
}

export const statCards: StatCard[] = [
  { title: 'Total Services', value: String(stats.totalServices), change: 12.5 },
  { title: 'New Messages', value: String(stats.newMessages), change: -3.2 },
  { title: 'Active Users', value: String(stats.activeUsers), change: stats.monthlyGrowth },
  { title: 'Storage Used', value: `${stats.storageUsage}%`, progress: stats.storageUsage },
];

/** '+12.5% increase from last month' / '-3.2% decrease from last month'. */
export function changeLabel(change: number): string {
  const sign = change >= 0 ? '+' : '-';
  return `${sign}${Math.abs(change)}% ${change >= 0 ? 'increase' : 'decrease'} from last month`;
}

export const monthlyActivity = [
  { month: 'Jan', 'New Users': 40, 'Service Requests': 24 },
  { month: 'Feb', 'New Users': 30, 'Service Requests': 13 },
  { month: 'Mar', 'New Users': 20, 'Service Requests': 38 },
  { month: 'Apr', 'New Users': 27, 'Service Requests': 39 },
  { month: 'May', 'New Users': 18, 'Service Requests': 48 },
  { month: 'Jun', 'New Users': 23, 'Service Requests': 38 },
  { month: 'Jul', 'New Users': 34, 'Service Requests': 43 },
];

// Shade 7: every bar and slice stands out from the white card by 3:1 or more (WCAG 1.4.11:
// teal.7 3.12, orange.7 3.04); teal.6 and orange.6 did not (2.55, 2.57).
export const monthlySeries = [
  { name: 'New Users', color: 'blue.7' },
  { name: 'Service Requests', color: 'teal.7' },
];

export const servicesByCategory = [
  { name: 'Web', value: 12, color: 'blue.7' },
  { name: 'Mobile', value: 8, color: 'teal.7' },
  { name: 'Cloud', value: 15, color: 'violet.7' },
  { name: 'AI', value: 7, color: 'orange.7' },
  { name: 'Consulting', value: 5, color: 'pink.7' },
];

export interface ActivityItem {
  id: number;
  user: string;
  action: string;
  time: string;
  icon: 'user' | 'service' | 'message' | 'settings';
}

export const recentActivity: ActivityItem[] = [
  { id: 1, user: 'John Banda', action: 'registered a new account', time: '2 minutes ago', icon: 'user' },
  { id: 2, user: 'Admin', action: 'added the service Website Hosting', time: '1 hour ago', icon: 'service' },
  { id: 3, user: 'Mary Phiri', action: 'sent a new message', time: '3 hours ago', icon: 'message' },
  { id: 4, user: 'Admin', action: 'updated the general settings', time: 'Yesterday', icon: 'settings' },
];

export const quickActions = ['Add New Service', 'Send Announcement', 'Generate Report', 'System Settings'];
