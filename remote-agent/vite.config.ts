import { remoteViteConfig } from '../scripts/remote-vite-config';

export default remoteViteConfig({ name: 'remoteAgent', port: 3003 });
