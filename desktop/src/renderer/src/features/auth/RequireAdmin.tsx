import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Center, Loader, Text } from '@mantine/core';
import { adminLoginPath } from '@kafue/common/brand';
import { calls } from '@kafue/common/calls';
import { call, setUnauthorizedHandler } from '../../lib/api';
import { securityScreenPath, useAuth } from '../../lib/session';

/** Spec section 7: the route guard waits 300 ms, then asks the server who is signed in. */
export const authCheckDelayMs = 300;

/**
 * The protected /admin area: 'Checking authentication...', then the area or the sign-in screen.
 * An admin who must first choose a new password or set up two-factor sign-in is kept
 * on the Security screen, which does both (the server refuses them everything else anyway).
 */
export default function RequireAdmin({ children }: { children: ReactNode }) {
  const status = useAuth((s) => s.status);
  const pending = useAuth((s) => s.pending);
  const { pathname } = useLocation();

  useEffect(() => {
    if (status !== 'unknown') return;
    let live = true;
    async function check() {
      const result = await call(calls.adminCheckAuth);
      if (!live) return;
      if (result.ok && result.data?.admin) useAuth.getState().signedIn(result.data.admin, result.data);
      else useAuth.getState().signedOut();
    }
    const timer = setTimeout(() => void check(), authCheckDelayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [status]);

  // A call that finds the session gone (expired, revoked, signed out elsewhere) ends the area.
  useEffect(() => setUnauthorizedHandler(() => useAuth.getState().signedOut()), []);

  if (status === 'unauthenticated') return <Navigate to={adminLoginPath} replace />;
  if (status === 'unknown') {
    return (
      <Center mih="100vh" role="status">
        <Loader size="sm" mr="sm" aria-hidden />
        <Text>Checking authentication...</Text>
      </Center>
    );
  }
  if (pending && pathname !== securityScreenPath) return <Navigate to={securityScreenPath} replace />;
  return <>{children}</>;
}
