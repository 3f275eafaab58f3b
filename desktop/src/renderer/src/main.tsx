import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { adminTitle } from '@kafue/common/brand';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { cssVariablesResolver, theme } from './app/theme';
import { toastCloseMs } from './lib/toast';
import { App } from './app/App';

document.title = adminTitle;

// Real paths on the web (/admin, /staff-login, ...) and in the desktop app alike, which serves
// the console from its own scheme, kafue://app/ (src/main/app-scheme.ts).
// A data router, though the routes are App's own <Routes>: it lets a form with unsaved changes hold
// a navigation until the user answers (app/LeaveGuard.tsx).
const router = createBrowserRouter([{ path: '*', element: <App /> }]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" autoClose={toastCloseMs.default} />
      <RouterProvider router={router} />
    </MantineProvider>
  </StrictMode>,
);
