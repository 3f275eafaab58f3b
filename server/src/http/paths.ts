/**
 * Which part of the server a path belongs to. Paths are matched as written, letter case
 * included, as the router matches them (app.ts): `/API/...` is no API path, and no route.
 */
import { adminLoginPath } from '@kafue/common/brand';
import { forgotPasswordPath, resetPasswordPath } from '@kafue/common/contract';

/** Paths the API answers (the router), never files. */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** Paths the console answers with its index.html (single-page app routes). */
export function isConsolePath(path: string): boolean {
  return (
    path === '/admin' ||
    path.startsWith('/admin/') ||
    path === adminLoginPath ||
    path === '/staff-login' ||
    path === forgotPasswordPath ||
    path === resetPasswordPath ||
    path === '/staff' ||
    path.startsWith('/staff/')
  );
}
