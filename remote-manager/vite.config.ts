import { remoteViteConfig } from '../scripts/remote-vite-config';

export default remoteViteConfig({ name: 'remoteManager', port: 3002 });
