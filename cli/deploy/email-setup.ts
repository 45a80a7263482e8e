/**
 * Mail for `email.from`, as the contract sets it up on a direct deploy: the address's domain picks
 * the zone (the longest zone name it ends with), Email Routing is enabled there unless another
 * provider's MX records are in place (those are kept, and inbound mail keeps going to them), and
 * readiness is the routing status. Without `email.from` nothing is touched and nothing can be
 * verified, which `--require-email` refuses.
 */
import { error, UserError } from "../../compiler/diagnostics.js";
import type { PlatformApi } from "../platform/api.js";
import { emailRouting, enableEmailRouting, listZones, mxRecords, routeCatchAllToWorker, type Zone } from "../platform/email.js";

export interface EmailSetup {
  domain: string;
  zone: Zone;
  /** Mail flows through the platform (routing ready). */
  verified: boolean;
  /** Why it is not verified, or what was kept. */
  note?: string;
  /** Whether inbound mail reaches this worker (routing on, no other provider's MX). */
  routesInbound: boolean;
}

const PLATFORM_MX = /\.mx\.cloudflare\.net\.?$/i;

export function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf("@") + 1).trim().toLowerCase();
}

export async function setUpEmail(api: PlatformApi, accountId: string, from: string): Promise<EmailSetup> {
  const domain = senderDomain(from);
  const zones = await listZones(api, accountId);
  const zone = zones
    .filter((candidate) => domain === candidate.name || domain.endsWith(`.${candidate.name}`))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!zone) {
    throw new UserError([error("SDK_DEPLOY_EMAIL_ZONE", `email.from's domain ${domain} is not a zone (or a subdomain of one) in this account${zones.length ? `; its zones are ${zones.map((z) => z.name).join(", ")}` : ", which has no zones"}`, {
      file: "sdk.config.ts",
      configPath: "email.from",
      hint: "add the domain to the account, or set email.from to an address on one of its zones",
    })]);
  }
  const foreignMx = (await mxRecords(api, zone.id)).filter((record) => !PLATFORM_MX.test(record.content));
  if (foreignMx.length) {
    return { domain, zone, verified: false, routesInbound: false, note: `${zone.name} receives mail through ${foreignMx.map((r) => r.content).join(", ")}; those MX records are kept, so the platform's mail setup cannot be verified there` };
  }
  let routing = await emailRouting(api, zone.id);
  if (!routing.enabled) routing = await enableEmailRouting(api, zone.id);
  const verified = routing.enabled && routing.status === "ready";
  return { domain, zone, verified, routesInbound: verified, ...(!verified && { note: `Email Routing on ${zone.name} is ${routing.status}: its DNS records are not in place yet` }) };
}

/** After the upload: inbound mail for the zone's addresses without a rule of their own goes to the worker. */
export async function routeInboundMail(api: PlatformApi, setup: EmailSetup, scriptName: string): Promise<void> {
  await routeCatchAllToWorker(api, setup.zone.id, scriptName);
}

export function emailNotVerified(reason: string): UserError {
  return new UserError([error("SDK_DEPLOY_EMAIL_UNVERIFIED", `--require-email: mail setup cannot be verified: ${reason}`, {
    file: "sdk.config.ts",
    configPath: "email.from",
    hint: "set email.from to an address on a zone of this account whose mail the platform handles, wait for its DNS records, or deploy without --require-email",
  })]);
}
