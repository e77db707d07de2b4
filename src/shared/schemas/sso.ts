import { z } from "zod";
import { ROLES } from "../constants";

const nameList = z.array(z.string().trim().min(1).max(100)).max(200).default([]);
const attr = (fallback: string) => z.string().trim().min(1).max(100).default(fallback);

/** Who a new single sign-on user becomes: a role and, for staff, the ticket scope. */
const accessSchema = z.object({
  role: z.enum(ROLES, { error: "Role must be admin or staff" }).default("staff"),
  allowedDepartments: nameList,
  allowedCompanies: nameList,
  canViewAllTickets: z.boolean().default(false),
});
export type AccessInput = z.infer<typeof accessSchema>;

/** Members of a directory or provider group get this access (several matching groups add up). */
const groupRuleSchema = accessSchema.extend({ group: z.string().trim().min(1).max(200) });
export type GroupRule = z.infer<typeof groupRuleSchema>;

const provisioning = {
  // Off by default: only people who already have an account here may sign in.
  createUsers: z.boolean().default(false),
  newUserAccess: accessSchema.default({
    role: "staff",
    allowedDepartments: [],
    allowedCompanies: [],
    canViewAllTickets: false,
  }),
  groupRules: z.array(groupRuleSchema).max(100).default([]),
};

/** Secrets are write-only: left out, the stored one is kept. */
export const oidcProviderSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, "Use lower-case letters, digits and dashes for the provider id"),
  label: z.string().trim().min(1, "Button label is required").max(60),
  issuer: z.url({ error: "Issuer must be a URL" }).max(500),
  clientId: z.string().trim().min(1, "Client id is required").max(300),
  clientSecret: z.string().min(1).max(2000).optional(),
  scopes: z.string().trim().max(300).default("openid email profile"),
  groupsClaim: attr("groups"),
  strongAuth: z.boolean().default(false),
  ...provisioning,
});
export type OidcProviderInput = z.infer<typeof oidcProviderSchema>;

const ldapSchema = z.object({
  enabled: z.boolean().default(false),
  url: z
    .string()
    .trim()
    .regex(/^ldaps?:\/\/[^\s/]+\/?$/, "Directory URL must look like ldap://host:389 or ldaps://host:636"),
  startTls: z.boolean().default(true),
  caCertificate: z.string().max(20_000).optional(),
  bindDn: z.string().trim().max(500).default(""),
  bindPassword: z.string().max(2000).optional(),
  searchBase: z.string().trim().min(1, "Search base is required").max(500),
  // {login} is replaced by what the person typed, escaped for LDAP.
  userFilter: z
    .string()
    .trim()
    .max(1000)
    .default("(&(objectClass=inetOrgPerson)(|(mail={login})(uid={login})))"),
  emailAttribute: attr("mail"),
  firstNameAttribute: attr("givenName"),
  lastNameAttribute: attr("sn"),
  groupBase: z.string().trim().max(500).default(""),
  groupFilter: z.string().trim().max(1000).default("(&(objectClass=groupOfNames)(member={dn}))"),
  groupNameAttribute: attr("cn"),
  ...provisioning,
});
export type LdapInput = z.infer<typeof ldapSchema>;

export const ssoSettingsSchema = z.object({
  providers: z.array(oidcProviderSchema).max(10).default([]),
  ldap: ldapSchema.nullable().default(null),
  // break_glass: only that one admin may still sign in with a password.
  passwordSignIn: z.enum(["everyone", "break_glass"]).default("everyone"),
  breakGlassEmail: z.string().trim().toLowerCase().max(255).nullable().default(null),
});
export type SsoSettingsInput = z.infer<typeof ssoSettingsSchema>;

export const ldapLoginSchema = z.object({
  login: z.string().trim().min(1, "Please fill in all required fields").max(255),
  password: z.string().min(1, "Please fill in all required fields").max(1024),
});
