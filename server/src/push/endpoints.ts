/**
 * Where the server may send push messages (docs/domain.md, Push notifications): only to the push
 * services browsers use, over https, so a subscription cannot make the server call an address of
 * someone's choosing (an internal service, a port scan). PUSH_ENDPOINT_ALLOW adds URL prefixes
 * (tests: `http://127.0.0.1:`), where plain http is then allowed.
 */

/** The push services of Chrome/Edge/Opera (FCM), Firefox (Mozilla), Safari (Apple) and Windows (WNS). */
const PUSH_SERVICE_HOSTS: ReadonlyArray<{ host: string; subdomains: boolean }> = [
  { host: 'fcm.googleapis.com', subdomains: false },
  { host: 'updates.push.services.mozilla.com', subdomains: false },
  { host: 'push.services.mozilla.com', subdomains: true },
  { host: 'web.push.apple.com', subdomains: false },
  { host: 'push.apple.com', subdomains: true },
  { host: 'notify.windows.com', subdomains: true },
];

/** Whether the server may post to `endpoint`: a known push service over https, or under an allowed prefix. */
export function pushEndpointAllowed(endpoint: string, allowPrefixes: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // the URL as parsed, so that a prefix cannot be dodged by spelling (case, default port, dot segments)
  if (url.username !== '' || url.password !== '') return false;
  if (allowPrefixes.some((prefix) => url.href.startsWith(prefix))) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some(
    (service) => host === service.host || (service.subdomains && host.endsWith(`.${service.host}`)),
  );
}
