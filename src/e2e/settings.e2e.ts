import { expect, test, type Page } from "@playwright/test";
import { open, signIn, startServer, toast, type TestServer } from "./server";

let server: TestServer;
test.beforeAll(async () => (server = await startServer()));
test.afterAll(async () => server.stop());

async function openSettings(page: Page, tab: string, signedIn = false) {
  if (signedIn) await open(page, `${server.url}/admin`);
  else await signIn(page, server.url);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: tab, exact: true }).click();
}

test("users – add a staff user: Create waits for every field, the new user shows with Limited Access", async ({
  page,
}) => {
  await openSettings(page, "Users");
  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Role")).toHaveValue("staff");
  await dialog.getByLabel("Email").fill("nina@example.com");
  await dialog.getByLabel("First Name").fill("Nina");
  await expect(dialog.getByRole("button", { name: "Create" })).toBeDisabled();
  await dialog.getByLabel("Last Name").fill("New");
  await dialog.getByLabel("Password").fill("secret1");
  await dialog.getByRole("checkbox", { name: "IT" }).check();
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "User created successfully")).toBeVisible();
  const row = page.getByTestId("user-row").filter({ hasText: "nina@example.com" });
  await expect(row).toContainText("Limited Access");
  await expect(row).toContainText("staff");
});

test("users – my own Suspend and Delete are disabled; suspending another user shows the toast", async ({
  page,
}) => {
  await openSettings(page, "Users");
  await page.getByRole("button", { name: "Actions for admin@example.com" }).click();
  await expect(page.getByRole("menuitem", { name: "Suspend" })).toHaveAttribute("data-disabled", "");
  await expect(page.getByRole("menuitem", { name: "Delete" })).toHaveAttribute("data-disabled", "");
  await expect(page.getByRole("menuitem", { name: "Edit Access" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Actions for nina@example.com" }).click();
  await page.getByRole("menuitem", { name: "Suspend" }).click();
  await expect(toast(page, "User status updated successfully")).toBeVisible();
  await expect(page.getByTestId("user-row").filter({ hasText: "nina@example.com" })).toContainText(
    "suspended",
  );
});

test("users – Edit Access gives a staff user all tickets and the badge says All Access", async ({ page }) => {
  await openSettings(page, "Users");
  await page.getByRole("button", { name: "Actions for nina@example.com" }).click();
  await page.getByRole("menuitem", { name: "Edit Access" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("checkbox", { name: "IT" })).toBeChecked();
  await dialog.getByRole("switch").click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "User access updated successfully")).toBeVisible();
  await expect(page.getByTestId("user-row").filter({ hasText: "nina@example.com" })).toContainText(
    "All Access",
  );
});

test("lists – add a department, rename it, drag it to the top, and the order survives a reload", async ({
  page,
}) => {
  await openSettings(page, "Dept");
  const list = page.getByRole("list", { name: "Departments" });
  const add = page.getByRole("form", { name: "Add Department" });
  await expect(add.getByRole("button", { name: "Add New" })).toBeDisabled();
  await add.getByLabel("Name").fill("Facilities");
  await add.getByRole("button", { name: "Add New" }).click();
  await expect(toast(page, "Department created successfully")).toBeVisible();
  await expect(list.getByTestId("config-item").last()).toHaveAttribute("data-name", "Facilities");

  await page.getByRole("button", { name: "Edit Facilities" }).click();
  await list.getByLabel("Name").fill("Buildings");
  await list.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Department updated successfully")).toBeVisible();

  const handle = page.getByLabel("Drag to reorder Buildings");
  const target = list.getByTestId("config-item").first();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(from.x + from.width / 2, from.y + (to.y + 4 - from.y) * (i / 10));
  // sortablejs moves the item while it is dragged; on a loaded machine it may need another move event
  // over the first row before it does, so the drop waits until the item sits there
  await expect(async () => {
    await page.mouse.move(from.x + from.width / 2, to.y + 4);
    await expect(list.getByTestId("config-item").first()).toHaveAttribute("data-name", "Buildings", {
      timeout: 500,
    });
  }).toPass();
  await page.mouse.up();
  await expect(toast(page, "Departments reordered successfully")).toBeVisible();
  await expect(list.getByTestId("config-item").first()).toHaveAttribute("data-name", "Buildings");

  await openSettings(page, "Dept", true);
  await expect(
    page.getByRole("list", { name: "Departments" }).getByTestId("config-item").first(),
  ).toHaveAttribute("data-name", "Buildings");
});

test("lists – a system status cannot be deleted; a new status can after 'Are you sure?'", async ({
  page,
}) => {
  await openSettings(page, "Status");
  await expect(page.getByRole("button", { name: "Delete open" })).toBeDisabled();
  const add = page.getByRole("form", { name: "Add Status" });
  await add.getByLabel("Name").fill("parked");
  await add.getByLabel("Label").fill("Parked");
  await add.getByLabel("Colour").selectOption("purple");
  await add.getByRole("button", { name: "Add New" }).click();
  await expect(toast(page, "Status created successfully")).toBeVisible();
  await page.getByRole("button", { name: "Delete parked" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("This action cannot be undone.");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Status deleted successfully")).toBeVisible();
  await expect(page.getByTestId("config-item").filter({ hasText: "Parked" })).toHaveCount(0);
});

test("email – requester e-mails switch off and on, survive a reload; health, test e-mail and retry", async ({
  page,
}) => {
  await openSettings(page, "Email");
  const health = page.getByTestId("mail-health");
  await expect(health).toContainText("SMTP_URL is not set");
  await expect(health).toContainText("IMAP_URL is not set");
  const staffReplies = page.getByLabel("Staff replies, with their text");
  await expect(staffReplies).toBeChecked();
  await staffReplies.uncheck();
  await expect(toast(page, "Email settings saved")).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Email", exact: true }).click();
  await expect(page.getByLabel("Staff replies, with their text")).not.toBeChecked();
  await page.getByLabel("Staff replies, with their text").check();
  await expect(toast(page, "Email settings saved")).toBeVisible();
  await page.getByLabel("Send a test e-mail to").fill("me@example.com");
  await page.getByRole("button", { name: "Send test e-mail" }).click();
  await expect(toast(page, "A test e-mail was queued for me@example.com")).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry failed" })).toBeDisabled();
});

test("email – create a department rule, edit it to department + company, then delete it", async ({
  page,
}) => {
  await openSettings(page, "Email");
  await expect(page.getByText("No email routing rules configured yet")).toBeVisible();
  const form = page.getByRole("form", { name: "Add email routing rule" });
  await form.getByRole("button", { name: "Create Rule" }).click();
  await expect(toast(page, "Please fill in all required fields")).toBeVisible();
  await form.getByLabel("Name").fill("IT desk");
  await form.getByLabel("Email Addresses").fill("it@example.com,lead@example.com");
  await expect(form.getByLabel("Department")).toHaveCount(0);
  await form.getByLabel("Condition").selectOption("department");
  await expect(form.getByLabel("Company")).toHaveCount(0);
  await form.getByLabel("Department").selectOption({ label: "IT" });
  await form.getByRole("button", { name: "Create Rule" }).click();
  await expect(toast(page, "Created successfully")).toBeVisible();
  const rule = page.getByTestId("email-rule");
  await expect(rule).toContainText("Department: IT");
  await expect(rule).toContainText("it@example.com, lead@example.com");

  await page.getByRole("button", { name: "Edit IT desk" }).click();
  await rule.getByLabel("Condition").selectOption("both");
  await rule.getByLabel("Company").selectOption({ label: "Main Office" });
  await rule.getByLabel("Active").uncheck();
  await rule.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Updated successfully")).toBeVisible();
  await expect(rule).toContainText("IT + Main Office");
  await expect(rule).toContainText("Inactive");

  await page.getByRole("button", { name: "Delete IT desk" }).click();
  await expect(toast(page, "Deleted successfully")).toBeVisible();
  await expect(page.getByText("No email routing rules configured yet")).toBeVisible();
});

test("audit – a department's creation and rename show as Created and 'field: old → new'", async ({
  page,
}) => {
  await signIn(page, server.url);
  const headers = { Origin: server.url };
  const created = await (
    await page.request.post(`${server.url}/api/admin/config/departments`, {
      data: { name: "Garage" },
      headers,
    })
  ).json();
  await page.request.put(`${server.url}/api/admin/config/departments/${created.id}`, {
    data: { name: "Workshop" },
    headers,
  });
  await openSettings(page, "Audit", true);
  const rows = page.getByTestId("audit-row");
  await expect(rows.first()).toBeVisible();
  await page.getByLabel("Entity type").selectOption("department");
  await expect(rows.filter({ hasText: "name: Garage → Workshop" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Created" }).first()).toBeVisible();
  await expect(page.getByText(/Showing 1 to \d+ of \d+ logs/)).toBeVisible();
  await page.getByLabel("Entity type").selectOption("all");
  for (let i = 0; i < 50; i++)
    await page.request.put(`${server.url}/api/admin/config/departments/${created.id}`, {
      data: { isActive: i % 2 === 0 },
      headers,
    });
  await openSettings(page, "Audit", true);
  await expect(page.getByText(/^Page 1 of [2-9]$/)).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(/^Page 2 of [2-9]$/)).toBeVisible();
  await expect(page.getByText(/^Showing 51 to \d+ of \d+ logs$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Previous" })).toBeEnabled();
  await page.getByLabel("Search audit logs").fill("no-such-thing-xyz");
  await expect(page.getByText("No audit logs found")).toBeVisible();
});

test("lists – a change after the session ended says so and goes to the same login page as the dashboard", async ({
  page,
}) => {
  // The page reports each toast text as it appears: the toast lives only 0.5 s before the redirect.
  const toasts: string[] = [];
  await page.exposeFunction("reportToast", (text: string) => toasts.push(text));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportToast: (t: string) => void }).reportToast;
    new MutationObserver(() =>
      document.querySelectorAll("ol > li").forEach((li) => {
        report(li.textContent ?? "");
      }),
    ).observe(document, { subtree: true, childList: true });
  });
  await openSettings(page, "Dept");
  await page.context().clearCookies();
  const add = page.getByRole("form", { name: "Add Department" });
  await add.getByLabel("Name").fill("Too late");
  await add.getByRole("button", { name: "Add New" }).click();
  await page.waitForURL(`${server.url}/login`);
  expect(toasts.some((text) => text.includes("You are logged out. Logging in again..."))).toBe(true);
});
