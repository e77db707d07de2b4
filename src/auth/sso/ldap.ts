import type { Client, Entry } from "ldapts";
import type { LdapInput } from "../../shared/schemas/sso";
import { SsoFailure } from "./sso-failure";
import type { ExternalIdentity } from "./external-sign-in";

// The directory client loads with the first connection: an office without a directory never holds it.
const ldapts = () => import("ldapts");

export type DirectorySettings = LdapInput & { bindPassword: string };

/** RFC 4515: what a person types can never change the shape of a search filter. */
const escapeFilter = (value: string) =>
  value.replace(/[\\*()\0]/g, (ch) => `\\${ch.charCodeAt(0).toString(16).padStart(2, "0")}`);

const fill = (template: string, key: string, value: string) => template.replaceAll(`{${key}}`, value);

const first = (entry: Entry, name: string) => {
  const v = entry[name];
  const one = Array.isArray(v) ? v[0] : v;
  return one === undefined ? undefined : String(one);
};

/** A connection bound as the service account, TLS first (LDAPS, or StartTLS on ldap:// when asked). */
async function connect(s: DirectorySettings): Promise<Client> {
  const { Client } = await ldapts();
  const tls = s.caCertificate ? { ca: [s.caCertificate] } : {};
  // TLS options on an ldap:// URL would make the client speak TLS at once; StartTLS upgrades later.
  const tlsOptions = s.url.startsWith("ldaps://") ? tls : undefined;
  const client = new Client({ url: s.url, timeout: 10_000, connectTimeout: 5_000, tlsOptions });
  try {
    if (s.url.startsWith("ldap://") && s.startTls) await client.startTLS(tls);
    if (s.bindDn) await client.bind(s.bindDn, s.bindPassword);
    return client;
  } catch {
    await client.unbind().catch(() => {});
    throw new SsoFailure("provider_unreachable");
  }
}

async function findUser(client: Client, s: DirectorySettings, filter: string, at?: string) {
  const attributes = [s.emailAttribute, s.firstNameAttribute, s.lastNameAttribute];
  const where = at ? { base: at, scope: "base" as const } : { base: s.searchBase, scope: "sub" as const };
  try {
    const { searchEntries } = await client.search(where.base, {
      scope: where.scope,
      filter,
      attributes,
      sizeLimit: 2,
    });
    return searchEntries.length === 1 ? searchEntries[0]! : null;
  } catch (err) {
    if (err instanceof (await ldapts()).NoSuchObjectError) return null;
    throw new SsoFailure("provider_unreachable");
  }
}

async function groupsOf(client: Client, s: DirectorySettings, dn: string): Promise<string[]> {
  const filter = fill(s.groupFilter, "dn", escapeFilter(dn));
  const { searchEntries } = await client
    .search(s.groupBase || s.searchBase, { scope: "sub", filter, attributes: [s.groupNameAttribute] })
    .catch(() => ({ searchEntries: [] as Entry[] }));
  return searchEntries.map((g) => first(g, s.groupNameAttribute)).filter((g): g is string => !!g);
}

/**
 * Checks a password by binding as the person's own directory entry (it is never stored). The entry must
 * match the user filter, so an account the filter excludes (disabled) or one removed cannot sign in.
 */
export async function directorySignIn(
  s: DirectorySettings,
  login: string,
  password: string,
): Promise<ExternalIdentity> {
  if (!password) throw new SsoFailure("wrong_password", login);
  const client = await connect(s);
  try {
    const entry = await findUser(client, s, fill(s.userFilter, "login", escapeFilter(login)));
    if (!entry) throw new SsoFailure("not_in_directory", login);
    try {
      await client.bind(entry.dn, password);
    } catch (err) {
      if (err instanceof (await ldapts()).InvalidCredentialsError)
        throw new SsoFailure("wrong_password", login);
      throw new SsoFailure("provider_unreachable", login);
    }
    if (s.bindDn) await client.bind(s.bindDn, s.bindPassword);
    return {
      provider: "ldap",
      subject: entry.dn,
      email: first(entry, s.emailAttribute) ?? null,
      emailVerified: true,
      firstName: first(entry, s.firstNameAttribute),
      lastName: first(entry, s.lastNameAttribute),
      groups: await groupsOf(client, s, entry.dn),
    };
  } finally {
    await client.unbind().catch(() => {});
  }
}

/** Which of these entries the directory no longer lets sign in (removed, or excluded by the user filter). */
export async function goneFromDirectory(s: DirectorySettings, dns: string[]): Promise<string[]> {
  const client = await connect(s);
  try {
    const anyone = fill(s.userFilter, "login", "*");
    const gone: string[] = [];
    for (const dn of dns) if (!(await findUser(client, s, anyone, dn))) gone.push(dn);
    return gone;
  } finally {
    await client.unbind().catch(() => {});
  }
}
