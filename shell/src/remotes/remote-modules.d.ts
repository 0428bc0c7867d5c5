/**
 * Hand-written types of what the remotes expose (no dts plugin: generating them would make
 * the shell's build need the remotes online). Each `./App` renders its area's routes,
 * relative to where the shell mounts it (`/admin/*`, `/manager/*`, `/agent/*`).
 */
declare module 'remoteAdmin/App' {
  import type { ComponentType } from 'react';

  const AdminApp: ComponentType;
  export default AdminApp;
}

declare module 'remoteManager/App' {
  import type { ComponentType } from 'react';

  const ManagerApp: ComponentType;
  export default ManagerApp;
}

declare module 'remoteAgent/App' {
  import type { ComponentType } from 'react';

  const AgentApp: ComponentType;
  export default AgentApp;
}
