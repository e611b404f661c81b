/**
 * DNS-rebinding protection for a server on a loopback address: a web page on evil.example that
 * rebinds its name to 127.0.0.1 sends "Host: evil.example", which is refused.
 */
export function hostAllowed(host: string | null, allowed: ReadonlySet<string>): boolean {
  if (host === null) return false;
  const value = host.trim().toLowerCase();
  if (allowed.has(value)) return true;
  // "localhost" in the list allows it on any port; "localhost:4321" on that port only.
  // Only a ":port" comes off: "[::1]evil.example" is not "[::1]".
  const withoutPort = value.replace(/:\d+$/, '');
  return withoutPort !== value && allowed.has(withoutPort);
}
