/**
 * The console's routes (spec section 2). Every screen is its own chunk, so the sign-in screen
 * loads no admin screens and only the dashboard loads the charts.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { adminLoginPath } from '@kafue/common/brand';
import { forgotPasswordPath, resetPasswordPath } from '@kafue/common/contract';
import { PageLoader } from '../components/PageLoader';
import { NotFound } from '../components/NotFound';
import { settingsNav } from './nav';
import { consoleScreens, settingsBase, type ScreenId } from './routes';

const AdminLogin = lazy(() => import('../features/auth/AdminLogin'));
const RequireAdmin = lazy(() => import('../features/auth/RequireAdmin'));
const AdminLayout = lazy(() => import('./AdminLayout'));
const SettingsLayout = lazy(() => import('../features/settings/SettingsLayout'));
const StaffLogin = lazy(() => import('../features/staff-portal/StaffLogin'));
const ForgotPassword = lazy(() => import('../features/auth/ForgotPassword'));
const ResetPassword = lazy(() => import('../features/auth/ResetPassword'));
const StaffDashboard = lazy(() => import('../features/staff-portal/StaffDashboard'));

/** Every screen of the route table has its component here (the type requires it). */
const screens: Record<ScreenId, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('../features/dashboard/Dashboard')),
  'add-service': lazy(() => import('../features/content/AddService')),
  'manage-services': lazy(() => import('../features/content/ManageServices')),
  'site-content': lazy(() => import('../features/content/SiteContent')),
  users: lazy(() => import('../features/staff/StaffManagement')),
  enquiries: lazy(() => import('../features/enquiries/Enquiries')),
  'settings-general': lazy(() => import('../features/settings/GeneralSettings')),
  'settings-company': lazy(() => import('../features/settings/CompanySettings')),
  'settings-security': lazy(() => import('../features/settings/SecuritySettings')),
  'settings-notifications': lazy(() => import('../features/settings/NotificationSettings')),
  'settings-backup': lazy(() => import('../features/settings/BackupSettings')),
  'settings-admins': lazy(() => import('../features/settings/AdminManagement')),
  'settings-audit': lazy(() => import('../features/settings/AuditLog')),
};

/** The routes of one menu group, relative to `base`. */
function screenRoutes(menu: 'main' | 'settings', base: string) {
  return consoleScreens
    .filter((s) => s.menu === menu)
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
        <Route path={adminLoginPath} element={<AdminLogin />} />
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
          {screenRoutes('main', '/admin')}
          <Route path={settingsBase.slice('/admin/'.length)} element={<SettingsLayout tabs={settingsNav} />}>
            <Route index element={<Navigate to="general" replace />} />
            {screenRoutes('settings', settingsBase)}
            <Route path="*" element={<NotFound />} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route path="/staff-login" element={<StaffLogin />} />
        <Route path={forgotPasswordPath} element={<ForgotPassword />} />
        <Route path={resetPasswordPath} element={<ResetPassword />} />
        <Route path="/staff" element={<Navigate to="/staff/dashboard" replace />} />
        <Route path="/staff/dashboard" element={<StaffDashboard />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
