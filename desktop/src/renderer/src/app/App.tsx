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

const RequireAdmin = lazy(() => import('../features/auth/RequireAdmin'));
const AdminLayout = lazy(() => import('./AdminLayout'));
const SettingsLayout = lazy(() => import('../features/settings/SettingsLayout'));

/** The sign-in screens and the staff portal, outside the admin layout. */
const outside: Record<OutsideScreenId, LazyExoticComponent<ComponentType>> = {
  'admin-login': lazy(() => import('../features/auth/AdminLogin')),
  'staff-login': lazy(() => import('../features/staff-portal/StaffLogin')),
  'forgot-password': lazy(() => import('../features/auth/ForgotPassword')),
  'reset-password': lazy(() => import('../features/auth/ResetPassword')),
  'staff-dashboard': lazy(() => import('../features/staff-portal/StaffDashboard')),
};

/** Every screen of the route table has its component here (the type requires it). */
const screens: Record<ScreenId, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('../features/dashboard/Dashboard')),
  'add-service': lazy(() => import('../features/content/AddService')),
  'manage-services': lazy(() => import('../features/content/ManageServices')),
  'site-content': lazy(() => import('../features/content/SiteContent')),
  redirects: lazy(() => import('../features/redirects/Redirects')),
  schedule: lazy(() => import('../features/content/ScheduleScreen')),
  media: lazy(() => import('../features/media/MediaLibrary')),
  users: lazy(() => import('../features/staff/StaffManagement')),
  'enquiry-board': lazy(() => import('../features/enquiries/EnquiryBoard')),
  enquiries: lazy(() => import('./EnquiriesScreen')),
  contacts: lazy(() => import('../features/contacts/Contacts')),
  reports: lazy(() => import('../features/reports/Reports')),
  analytics: lazy(() => import('../features/analytics/Analytics')),
  subscribers: lazy(() => import('../features/subscribers/Subscribers')),
  'settings-general': lazy(() => import('../features/settings/GeneralSettings')),
  'settings-company': lazy(() => import('../features/settings/CompanyScreen')),
  'settings-security': lazy(() => import('../features/security/SecuritySettings')),
  'settings-notifications': lazy(() => import('../features/settings/NotificationSettings')),
  'settings-backup': lazy(() => import('../features/backups/BackupSettings')),
  'settings-admins': lazy(() => import('../features/admins/AdminManagement')),
  'settings-audit': lazy(() => import('../features/audit/AuditLog')),
  'settings-replies': lazy(() => import('../features/settings/ReplyTargets')),
  'settings-saved-replies': lazy(() => import('../features/enquiries/SavedReplies')),
};

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
