/**
 * Runtime configuration: read by the shell from its runtime JSON at start and set here,
 * so the API base URL and the public URL change per deployment without a rebuild.
 * shared-api is a federation singleton, so remotes see what the shell set.
 */
export interface FirebaseConfig {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  storageBucket: string;
  appId?: string;
}

export interface RuntimeConfig {
  /** API origin, e.g. http://localhost:8000 */
  apiBaseUrl: string;
  /** the shell's public URL (referral links are built on it) */
  publicUrl: string;
  /** WhatsApp number of the admin contact box on dashboards */
  adminWhatsApp: string;
  /** present only when images go to Firebase Storage */
  firebase?: FirebaseConfig;
}

const defaults: RuntimeConfig = {
  apiBaseUrl: 'http://localhost:8000',
  publicUrl: typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin,
  adminWhatsApp: '',
};

let current: RuntimeConfig = { ...defaults };

export function setRuntimeConfig(config: Partial<RuntimeConfig>): void {
  const defined = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined && v !== ''));
  current = { ...defaults, ...defined };
}

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}
