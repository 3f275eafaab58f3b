import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink as RouterNavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  AccordionChevron,
  Anchor,
  AppShell,
  Avatar,
  Badge,
  Box,
  Breadcrumbs,
  Burger,
  Button,
  Drawer,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { adminTitle } from '@kafue/common/brand';
import { calls } from '@kafue/common/calls';
import { defaultRoleLabel } from '@kafue/common/contract';
import { call } from '../lib/api';
import { DataLayer } from '../components/DataLayer';
import { MaintenanceBanner } from '../features/settings/MaintenanceBanner';
import { PublishStatus } from '../components/PublishStatus';
import { useAuth } from '../lib/session';
import { useUnreadCount } from '../features/enquiries/api/useEnquiries';
import { useGeneralSettingsValue } from '../lib/generalSettings';
import { breadcrumbFor, groupOf, homeNav, navGroups, type NavGroup } from './nav';
import type { MenuGroupId } from './routes';
import { LeaveGuard } from './LeaveGuard';

/** The sidebar's Enquiries badge: how many enquiries nobody has read yet. */
function UnreadBadge() {
  const { data } = useUnreadCount();
  if (!data?.count) return null;
  return (
    <Badge size="sm" color="red" variant="filled" aria-label={`${data.count} unread`} data-testid="unread-enquiries">
      {data.count}
    </Badge>
  );
}

/**
 * One group of the menu: a button that opens it (aria-expanded) and its links. Opened, it scrolls
 * itself into the sidebar's view (ResizeObserver calls back once at the start), so that its links
 * never open below the fold.
 */
function MenuGroup({ group, opened, onToggle, children }: { group: NavGroup; opened: boolean; onToggle: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const listId = useId();
  useEffect(() => {
    const group = ref.current;
    const menu = group?.closest('nav');
    if (!opened || !group || !menu) return;
    // Shown again whenever the menu's height changes: the sidebar settles as its parts load
    // (the publish state above it), which would push a group opened with the page out of view.
    const observer = new ResizeObserver(() => group.scrollIntoView({ block: 'nearest' }));
    observer.observe(menu);
    return () => observer.disconnect();
  }, [opened]);
  return (
    <div ref={ref}>
      <NavLink
        component="button"
        label={group.label}
        active={false}
        aria-expanded={opened}
        aria-controls={listId}
        onClick={onToggle}
        rightSection={<AccordionChevron style={{ transform: opened ? 'rotate(180deg)' : undefined }} aria-hidden />}
      />
      {/* Its bottom padding: scrolled into view, the last link is never cut by a fraction of a pixel. */}
      <Box id={listId} hidden={!opened} pl="md" pb={4}>
        {children}
      </Box>
    </div>
  );
}

function Sidebar({ onNavigate, withTitle }: { onNavigate?: () => void; withTitle: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const admin = useAuth((s) => s.admin);
  const { maintenanceMode } = useGeneralSettingsValue();
  // One group open at a time (so the sidebar fits a 1366x768 laptop): the current page's opens by
  // itself; a group opened or closed by hand stays so until the next page.
  const [choice, setChoice] = useState<{ path: string; group: MenuGroupId | undefined }>();
  const openGroup = choice?.path === pathname ? choice.group : groupOf(pathname);
  const name = admin?.name ?? '';
  const role = admin?.role || defaultRoleLabel;

  async function logout() {
    await call(calls.adminLogout);
    useAuth.getState().signedOut();
    await navigate('/admin/login', { replace: true });
  }

  const link = (item: { label: string; to: string }) => (
    <NavLink
      key={item.to}
      component={RouterNavLink}
      to={item.to}
      label={item.label}
      rightSection={item.to === '/admin/enquiries' ? <UnreadBadge /> : undefined}
      active={pathname === item.to || (item.to === '/admin/dashboard' && pathname.replace(/\/$/, '') === '/admin')}
      onClick={onNavigate}
    />
  );

  return (
    <Stack h="100%" gap={0}>
      {withTitle && (
        <Title order={2} size="h3" px="md" pt="md">
          {adminTitle}
        </Title>
      )}
      <Group gap="sm" p="md" wrap="nowrap">
        <Avatar color="blue" radius="xl" aria-hidden>
          {name.charAt(0).toUpperCase() || 'A'}
        </Avatar>
        <Box style={{ minWidth: 0 }}>
          <Text fw={600} truncate data-testid="admin-name">
            {name}
          </Text>
          <Text size="sm" c="dimmed" data-testid="admin-role">
            {role}
          </Text>
        </Box>
      </Group>
      <PublishStatus maintenance={maintenanceMode} />
      <ScrollArea style={{ flex: 1 }} component="nav" aria-label="Admin menu">
        {homeNav.map(link)}
        {navGroups.map((g) => (
          <MenuGroup
            key={g.id}
            group={g}
            opened={openGroup === g.id}
            onToggle={() => setChoice({ path: pathname, group: openGroup === g.id ? undefined : g.id })}
          >
            {g.items.map(link)}
          </MenuGroup>
        ))}
      </ScrollArea>
      <Box p="md">
        <Button variant="light" color="red" fullWidth onClick={() => void logout()}>
          Logout
        </Button>
      </Box>
    </Stack>
  );
}

/** The window's title names the company of the General settings' Site Name, once one is saved. */
export function windowTitle(siteName: string): string {
  return siteName.trim() ? `${siteName.trim()} Admin` : adminTitle;
}

function WindowTitle() {
  const { siteName } = useGeneralSettingsValue();
  useEffect(() => {
    document.title = windowTitle(siteName);
  }, [siteName]);
  return null;
}

/** The admin layout (spec section 2): sidebar, breadcrumb, and the child screen. */
export default function AdminLayout() {
  const { pathname } = useLocation();
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const crumbs = breadcrumbFor(pathname);

  return (
    <DataLayer>
      <WindowTitle />
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: true, desktop: !desktopOpen } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpen}
              onClick={() => setMobileOpen((o) => !o)}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            />
            <Burger
              opened={desktopOpen}
              onClick={() => setDesktopOpen((o) => !o)}
              visibleFrom="sm"
              size="sm"
              aria-label={desktopOpen ? 'Collapse sidebar' : 'Expand sidebar'}
            />
            {/* The sidebar carries the title; the header shows it only when the sidebar is hidden. */}
            <Title order={2} size="h4" hiddenFrom={desktopOpen ? 'sm' : undefined}>
              {adminTitle}
            </Title>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar aria-label="Sidebar">
          <Sidebar withTitle />
        </AppShell.Navbar>
        <Drawer
          opened={mobileOpen}
          onClose={() => setMobileOpen(false)}
          title={adminTitle}
          hiddenFrom="sm"
          size={280}
          padding={0}
          styles={{ header: { paddingInline: 16 }, title: { fontWeight: 700, fontSize: 20 } }}
        >
          <Box h="calc(100vh - 70px)">
            <Sidebar withTitle={false} onNavigate={() => setMobileOpen(false)} />
          </Box>
        </Drawer>
        <AppShell.Main>
          <Box component="nav" aria-label="Breadcrumb" mb="md">
            <Breadcrumbs separator="/">
              {crumbs.map((c, i) =>
                i === crumbs.length - 1 ? (
                  <Text key={c.to} size="sm" aria-current="page">
                    {c.label}
                  </Text>
                ) : (
                  <Anchor key={c.to} component={Link} to={c.to} size="sm">
                    {c.label}
                  </Anchor>
                ),
              )}
            </Breadcrumbs>
          </Box>
          <MaintenanceBanner />
          <Outlet />
          <LeaveGuard />
        </AppShell.Main>
      </AppShell>
    </DataLayer>
  );
}
