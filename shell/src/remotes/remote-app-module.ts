/** What each remote exposes as `./App` (declared by hand in remote-modules.d.ts). */
export type RemoteAppModule =
  | typeof import('remoteAdmin/App')
  | typeof import('remoteManager/App')
  | typeof import('remoteAgent/App');
