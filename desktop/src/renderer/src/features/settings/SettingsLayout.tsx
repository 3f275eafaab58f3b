import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Tabs, Title } from '@mantine/core';
import { settingsNav } from './nav';

const tabs = settingsNav.map((item) => ({ ...item, value: item.to.split('/').pop()! }));

/** Spec section 2: the active tab comes from the path prefix; any other path selects general. */
export function activeSettingsTab(pathname: string): string {
  const tab = tabs.find((t) => pathname === t.to || pathname.startsWith(t.to + '/'));
  return tab ? tab.value : 'general';
}

/** Admin Settings with its tab links; the tab's screen renders below. */
export default function SettingsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Admin Settings
      </Title>
      <Tabs value={activeSettingsTab(pathname)} onChange={(v) => v && void navigate(`/admin/settings/${v}`)} mb="lg" keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
