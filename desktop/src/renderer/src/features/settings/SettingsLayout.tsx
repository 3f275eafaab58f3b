import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Tabs, Title } from '@mantine/core';

export interface SettingsTab {
  label: string;
  to: string;
}

const valueOf = (tab: SettingsTab) => tab.to.split('/').pop()!;

/** Spec section 2: the active tab comes from the path prefix; any other path selects general. */
export function activeSettingsTab(tabs: SettingsTab[], pathname: string): string {
  const tab = tabs.find((t) => pathname === t.to || pathname.startsWith(t.to + '/'));
  return tab ? valueOf(tab) : 'general';
}

/** Admin Settings with its tab links (the app's Settings menu); the tab's screen renders below. */
export default function SettingsLayout({ tabs }: { tabs: SettingsTab[] }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Admin Settings
      </Title>
      <Tabs
        value={activeSettingsTab(tabs, pathname)}
        onChange={(v) => v && void navigate(`/admin/settings/${v}`)}
        mb="lg"
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.to} value={valueOf(t)}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
