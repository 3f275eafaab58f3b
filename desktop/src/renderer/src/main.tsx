import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, HashRouter } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { adminTitle } from '@kafue/common/brand';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { cssVariablesResolver, theme } from './app/theme';
import { toastCloseMs } from './lib/toast';
import { App } from './app/App';

document.title = adminTitle;

// On the web the console lives at real paths (/admin, /staff-login, ...). A desktop build
// loaded from a file has no such paths, so it routes on the hash instead.
const Router = window.location.protocol === 'file:' ? HashRouter : BrowserRouter;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" autoClose={toastCloseMs.default} />
      <Router>
        <App />
      </Router>
    </MantineProvider>
  </StrictMode>,
);
