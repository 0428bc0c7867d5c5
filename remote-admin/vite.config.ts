import { remoteViteConfig } from '../scripts/remote-vite-config';

export default remoteViteConfig({ name: 'remoteAdmin', port: 3001 });
