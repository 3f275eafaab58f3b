/**
 * The console's routes (spec section 2). Every screen is its own chunk, so the sign-in screen
 * loads no admin screens and only the dashboard loads the charts.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { adminLoginPath } from '@kafue/common/brand';
import { PageLoader } from '../components/PageLoader';
import { NotFound } from '../components/NotFound';
import { settingsNav } from './nav';
import { consoleScreens, outsideScreens, settingsBase, type OutsideScreenId, type ScreenId } from './routes';

const loadAdminLayout = () => import('./AdminLayout');
const loadSettingsLayout = () => import('../features/settings/SettingsLayout');
const RequireAdmin = lazy(() => import('../features/auth/RequireAdmin'));
const AdminLayout = lazy(loadAdminLayout);
const SettingsLayout = lazy(loadSettingsLayout);

/** The sign-in screens and the staff portal, outside the admin layout. */
const outside: Record<OutsideScreenId, LazyExoticComponent<ComponentType>> = {
  'admin-login': lazy(() => import('../features/auth/AdminLogin')),
  'staff-login': lazy(() => import('../features/staff-portal/StaffLogin')),
  'forgot-password': lazy(() => import('../features/auth/ForgotPassword')),
  'reset-password': lazy(() => import('../features/auth/ResetPassword')),
  'staff-dashboard': lazy(() => import('../features/staff-portal/StaffDashboard')),
};

/** Every screen of the route table has its component's chunk here (the type requires it). */
const screenChunks: Record<ScreenId, () => Promise<{ default: ComponentType }>> = {
  dashboard: () => import('../features/dashboard/Dashboard'),
  'add-service': () => import('../features/content/AddService'),
  'manage-services': () => import('../features/content/ManageServices'),
  'site-content': () => import('../features/content/SiteContent'),
  redirects: () => import('../features/redirects/Redirects'),
  schedule: () => import('../features/content/ScheduleScreen'),
  media: () => import('../features/media/MediaLibrary'),
  users: () => import('../features/staff/StaffManagement'),
  'enquiry-board': () => import('../features/enquiries/EnquiryBoard'),
  enquiries: () => import('./EnquiriesScreen'),
  contacts: () => import('../features/contacts/Contacts'),
  reports: () => import('../features/reports/Reports'),
  analytics: () => import('../features/analytics/Analytics'),
  'client-messages': () => import('../features/conversations/ClientMessages'),
  subscribers: () => import('../features/subscribers/Subscribers'),
  'settings-general': () => import('../features/settings/GeneralSettings'),
  'settings-company': () => import('../features/settings/CompanyScreen'),
  'settings-security': () => import('../features/security/SecuritySettings'),
  'settings-notifications': () => import('../features/settings/NotificationSettings'),
  'settings-backup': () => import('../features/backups/BackupSettings'),
  'settings-admins': () => import('../features/admins/AdminManagement'),
  'settings-audit': () => import('../features/audit/AuditLog'),
  'settings-replies': () => import('../features/settings/ReplyTargets'),
  'settings-payments': () => import('../features/payments/PaymentSettings'),
  'settings-saved-replies': () => import('../features/enquiries/SavedReplies'),
};

const screens = Object.fromEntries(Object.entries(screenChunks).map(([id, chunk]) => [id, lazy(chunk)])) as Record<
  ScreenId,
  LazyExoticComponent<ComponentType>
>;

/**
 * The admin screen a page load opens starts loading with its layout at once, beside the session
 * check, rather than after it: one round of chunk loading less before the screen shows (the
 * check alone waits 300 ms). lazy() then finds the modules already loaded.
 */
function preloadScreen(pathname: string): void {
  const screen = consoleScreens.find((s) => s.to === pathname || (s.id === 'dashboard' && pathname === '/admin'));
  if (!screen) return;
  void loadAdminLayout();
  if (screen.group === 'settings') void loadSettingsLayout();
  void screenChunks[screen.id]();
}
preloadScreen(window.location.pathname);

/** The routes of the screens under /admin/settings (the Settings group) or the others, relative to `base`. */
function screenRoutes(settings: boolean, base: string) {
  return consoleScreens
    .filter((s) => (s.group === 'settings') === settings)
    .map((s) => {
      const Screen = screens[s.id];
      return <Route key={s.id} path={s.to.slice(base.length + 1)} element={<Screen />} />;
    });
}

const Dashboard = screens.dashboard;

export function App() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/" element={<Navigate to="/admin/dashboard" replace />} />
        <Route path="/admin/login" element={<Navigate to={adminLoginPath} replace />} />
        <Route
          path="/admin"
          element={
            <RequireAdmin>
              <AdminLayout />
            </RequireAdmin>
          }
        >
          <Route index element={<Dashboard />} />
          {screenRoutes(false, '/admin')}
          <Route path={settingsBase.slice('/admin/'.length)} element={<SettingsLayout tabs={settingsNav} />}>
            <Route index element={<Navigate to="general" replace />} />
            {screenRoutes(true, settingsBase)}
            <Route path="*" element={<NotFound />} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Route>
        {outsideScreens.map((s) => {
          const Screen = outside[s.id];
          return <Route key={s.id} path={s.to} element={<Screen />} />;
        })}
        <Route path="/staff" element={<Navigate to="/staff/dashboard" replace />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
