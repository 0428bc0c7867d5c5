/** Installed versions of the shared packages, written in by vite.config.ts (`define`). */
declare const __SHARED_VERSIONS__: Record<
  | 'react'
  | 'react-dom'
  | 'react-router'
  | 'react-router-dom'
  | 'zustand'
  | 'react-toastify'
  | '@tanstack/react-query'
  | 'shared-api',
  string
>;

/** The shell's own release (scripts/release-manifest.ts, `define`): what it provides to the remotes. Undefined in unit tests. */
declare const __SHELL_RELEASE__: import('shared-api/contract').ShellRelease;
