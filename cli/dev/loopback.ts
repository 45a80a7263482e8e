/**
 * Whether a request comes from this machine, judged by its socket's remote address (never by the
 * Host header, which the client writes): 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6
 * (`::ffff:127.0.0.1`), which a dual-stack server reports for IPv4 clients.
 */
import { BlockList, isIP } from "node:net";

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  if (family === 0) return false;
  // BlockList matches an IPv4-mapped IPv6 address against the IPv4 rules.
  return LOOPBACK.check(address!, family === 4 ? "ipv4" : "ipv6");
}
