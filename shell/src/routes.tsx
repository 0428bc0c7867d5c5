/** The one place that maps the shell's URLs to pages; the areas' own routes live in the remotes. */
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FORGOT_PASSWORD_PATH, REMOTE_BASE, REMOTES, RESET_PASSWORD_PATH } from 'shared-api/contract';
import { LoginRoute } from './auth/login-route';
import { RouteBoundary } from './errors/route-boundary';
import { RequireSession } from './guard/require-session';

const RegisterPage = lazy(() => import('./register/register-page'));
const ForgotPasswordPage = lazy(() => import('./password-reset/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('./password-reset/reset-password-page'));
const AreaRoute = lazy(() => import('./guard/area-route'));

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <RouteBoundary>
            <LoginRoute />
          </RouteBoundary>
        }
      />
      <Route
        path="/register"
        element={
          <RouteBoundary>
            <RegisterPage />
          </RouteBoundary>
        }
      />
      <Route
        path="/register/:referrerUserId"
        element={
          <RouteBoundary>
            <RegisterPage />
          </RouteBoundary>
        }
      />
      <Route
        path={FORGOT_PASSWORD_PATH}
        element={
          <RouteBoundary>
            <ForgotPasswordPage />
          </RouteBoundary>
        }
      />
      <Route
        path={RESET_PASSWORD_PATH}
        element={
          <RouteBoundary>
            <ResetPasswordPage />
          </RouteBoundary>
        }
      />
      <Route element={<RequireSession />}>
        {REMOTES.map((remote) => (
          <Route
            key={remote}
            path={`${REMOTE_BASE[remote]}/*`}
            element={
              <RouteBoundary>
                <AreaRoute remote={remote} />
              </RouteBoundary>
            }
          />
        ))}
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
