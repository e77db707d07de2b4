import type { SignInSettings, SignInSettingsInput } from "../../lib/queries/sso";
import { formatGroupRules, parseGroupRules } from "./group-rules-text";

type ProviderView = SignInSettings["providers"][number];
type LdapView = NonNullable<SignInSettings["ldap"]>;

/** What the Sign-in tab edits: the saved settings with secrets blank (kept unless typed) and rules as text. */
export type Provisioning = {
  createUsers: boolean;
  role: "admin" | "staff";
  departments: string;
  companies: string;
  rules: string;
};
export type ProviderDraft = Omit<
  ProviderView,
  "hasClientSecret" | "createUsers" | "newUserAccess" | "groupRules"
> & {
  clientSecret: string;
  hasClientSecret: boolean;
  provisioning: Provisioning;
  /** Keeps each provider's fields in place while its id is retyped. */
  draftKey: string;
};
export type LdapDraft = Omit<LdapView, "hasBindPassword" | "createUsers" | "newUserAccess" | "groupRules"> & {
  bindPassword: string;
  hasBindPassword: boolean;
  provisioning: Provisioning;
};
export type SignInDraft = {
  passwordSignIn: "everyone" | "break_glass";
  breakGlassEmail: string;
  providers: ProviderDraft[];
  ldap: LdapDraft | null;
};

const toProvisioning = (
  p: Pick<ProviderView, "createUsers" | "newUserAccess" | "groupRules">,
): Provisioning => ({
  createUsers: p.createUsers,
  role: p.newUserAccess.role,
  departments: p.newUserAccess.allowedDepartments.join(", "),
  companies: p.newUserAccess.allowedCompanies.join(", "),
  rules: formatGroupRules(p.groupRules),
});

export const blankProvisioning: Provisioning = {
  createUsers: false,
  role: "staff",
  departments: "",
  companies: "",
  rules: "",
};

export function toDraft(s: SignInSettings): SignInDraft {
  return {
    passwordSignIn: s.passwordSignIn,
    breakGlassEmail: s.breakGlassEmail ?? "",
    providers: s.providers.map(({ createUsers, newUserAccess, groupRules, ...p }) => ({
      ...p,
      clientSecret: "",
      provisioning: toProvisioning({ createUsers, newUserAccess, groupRules }),
      draftKey: `saved-${p.id}`,
    })),
    ldap: s.ldap
      ? (({ createUsers, newUserAccess, groupRules, ...l }) => ({
          ...l,
          bindPassword: "",
          provisioning: toProvisioning({ createUsers, newUserAccess, groupRules }),
        }))(s.ldap)
      : null,
  };
}

const names = (s: string) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

function fromProvisioning(p: Provisioning) {
  const parsed = parseGroupRules(p.rules);
  if ("error" in parsed) throw parsed.error;
  return {
    createUsers: p.createUsers,
    newUserAccess: {
      role: p.role,
      allowedDepartments: names(p.departments),
      allowedCompanies: names(p.companies),
      canViewAllTickets: false,
    },
    groupRules: parsed.rules,
  };
}

/** The body to save; throws with a message for a group rule that cannot be read. */
export function fromDraft(d: SignInDraft): SignInSettingsInput {
  return {
    passwordSignIn: d.passwordSignIn,
    breakGlassEmail: d.breakGlassEmail.trim() || null,
    providers: d.providers.map(({ clientSecret, hasClientSecret, provisioning, draftKey, ...p }) => ({
      ...p,
      ...(clientSecret ? { clientSecret } : {}),
      ...fromProvisioning(provisioning),
    })),
    ldap: d.ldap
      ? (({ bindPassword, hasBindPassword, provisioning, ...l }) => ({
          ...l,
          ...(bindPassword ? { bindPassword } : {}),
          ...fromProvisioning(provisioning),
        }))(d.ldap)
      : null,
  };
}
