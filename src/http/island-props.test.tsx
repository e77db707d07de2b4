import { expect, test } from "bun:test";
import type { PublicConfig } from "../shared/dto";
import { Island } from "./render";

const config: PublicConfig = { departments: [], types: [], priorities: [], companies: [] };

test("island props – a name renders only with the props its component declares", () => {
  const el = <Island name="Portal" props={{ config, phone: { country: "US", required: true } }} />;
  expect(el.props.props.config).toBe(config);
  // Never called: `tsc --noEmit` fails if one of these stops being a type error.
  const misuses = () => [
    // @ts-expect-error the portal takes `config`, not `user`
    <Island key="a" name="Portal" props={{ user: null }} />,
    // @ts-expect-error the dashboard's `defaultView` is "kanban" or "list"
    <Island key="b" name="AdminDashboard" props={{ initialUser: null, defaultView: "grid" }} />,
    // @ts-expect-error the profile needs its `user`
    <Island key="c" name="Profile" props={{}} />,
  ];
  expect(misuses).toBeInstanceOf(Function);
});
