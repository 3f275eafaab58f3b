/**
 * The console's routes (spec section 2). Every screen is its own chunk, so the sign-in screen
 * loads no admin screens and only the dashboard loads the charts.
 */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { adminLoginPath } from '@kafue/common/brand';
import { PageLoader } from '../components/PageLoader';
import { NotFound } from '../components/NotFound';

const AdminLogin = lazy(() => import('../features/auth/AdminLogin'));
const RequireAdmin = lazy(() => import('../features/auth/RequireAdmin'));
const AdminLayout = lazy(() => import('./AdminLayout'));
const Dashboard = lazy(() => import('../features/dashboard/Dashboard'));
const AddService = lazy(() => import('../features/services/AddService'));
const ManageServices = lazy(() => import('../features/services/ManageServices'));
const StaffManagement = lazy(() => import('../features/staff/StaffManagement'));
const SettingsLayout = lazy(() => import('../features/settings/SettingsLayout'));
const GeneralSettings = lazy(() => import('../features/settings/GeneralSettings'));
const SecuritySettings = lazy(() => import('../features/settings/SecuritySettings'));
const NotificationSettings = lazy(() => import('../features/settings/NotificationSettings'));
const BackupSettings = lazy(() => import('../features/settings/BackupSettings'));
const AdminManagement = lazy(() => import('../features/settings/AdminManagement'));
const StaffLogin = lazy(() => import('../features/staff-portal/StaffLogin'));
const StaffDashboard = lazy(() => import('../features/staff-portal/StaffDashboard'));

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
          <Route path="dashboard" element={<Dashboard />} />
          <Route path="add-service" element={<AddService />} />
          <Route path="manage-services" element={<ManageServices />} />
          <Route path="users" element={<StaffManagement />} />
          <Route path="settings" element={<SettingsLayout />}>
            <Route index element={<Navigate to="general" replace />} />
            <Route path="general" element={<GeneralSettings />} />
            <Route path="security" element={<SecuritySettings />} />
            <Route path="notifications" element={<NotificationSettings />} />
            <Route path="backup" element={<BackupSettings />} />
            <Route path="admins" element={<AdminManagement />} />
            <Route path="*" element={<NotFound />} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route path="/staff-login" element={<StaffLogin />} />
        <Route path="/staff" element={<Navigate to="/staff/dashboard" replace />} />
        <Route path="/staff/dashboard" element={<StaffDashboard />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
